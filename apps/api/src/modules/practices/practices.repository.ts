import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { addresses, users } from "../../db/schema/index.ts";
import { normalized } from "../../db/sql/normalized.ts";

type UserValues = typeof users.$inferInsert;
type AddressValues = typeof addresses.$inferInsert;

/** The customer's live practices with this normalised name, with each of their addresses' line1 and zip. */
export function findNamesakes(db: Executor, customerId: number, normalizedName: string) {
  return db
    .select({ id: users.id, line1: addresses.line1, zip: addresses.zip_code })
    .from(users)
    .innerJoin(addresses, and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, users.id)))
    .where(
      and(
        eq(users.customer_id, customerId),
        eq(users.is_deleted, false),
        sql`${normalized(users.representation)} = ${normalizedName}`,
      ),
    );
}

/** The live user who has this email (any case), if any. */
export async function findEmailOwner(db: Executor, email: string) {
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.is_deleted, false)));
  return owner;
}

export async function insertUser(db: Executor, values: UserValues) {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  if (!user) throw new Error("practice not inserted");
  return user;
}

/** Whether the customer has this live user. */
export async function isLiveUser(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.customer_id, customerId), eq(users.is_deleted, false)));
  return row !== undefined;
}

export async function updateUser(db: Executor, id: number, values: Partial<UserValues>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function insertAddress(db: Executor, values: AddressValues) {
  await db.insert(addresses).values(values);
}

/** The practice's first address (the one its form edits), if any. */
export async function findFirstAddressId(db: Executor, userId: number) {
  const [first] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, userId)))
    .orderBy(addresses.id)
    .limit(1);
  return first?.id;
}

export async function updateAddress(db: Executor, id: number, values: Partial<AddressValues>) {
  await db.update(addresses).set(values).where(eq(addresses.id, id));
}
