import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { addresses, users } from "../../db/schema/index.ts";
import { postalColumns } from "../../db/sql/columns.ts";
import { normalized } from "../../db/sql/normalized.ts";

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

/** Whether the customer has this live user. */
export async function isLiveUser(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.customer_id, customerId), eq(users.is_deleted, false)));
  return row !== undefined;
}

export async function insertAddress(db: Executor, values: AddressValues) {
  const [row] = await db.insert(addresses).values(values).returning({ id: addresses.id });
  if (!row) throw new Error("address not inserted");
  return row.id;
}

export async function listAddresses(
  db: Executor,
  customerId: number,
  belongTo: "user" | "department",
  ownerId: number,
) {
  return db
    .select({
      id: addresses.id,
      belong_to: addresses.belong_to,
      owner_id: addresses.owner_id,
      dropdown_name: addresses.dropdown_name,
      company: addresses.company,
      contact: addresses.contact,
      ...postalColumns,
      phone: addresses.phone,
    })
    .from(addresses)
    .where(
      and(eq(addresses.customer_id, customerId), eq(addresses.belong_to, belongTo), eq(addresses.owner_id, ownerId)),
    )
    .orderBy(asc(addresses.id));
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

/** The practice's first address as the audit trail records it (none: undefined). */
export async function findFirstAddress(db: Executor, userId: number) {
  const [first] = await db
    .select({
      company: addresses.company,
      contact: addresses.contact,
      line1: addresses.line1,
      city: addresses.city,
      state: addresses.state,
      zip_code: addresses.zip_code,
      address_phone: addresses.phone,
    })
    .from(addresses)
    .where(and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, userId)))
    .orderBy(addresses.id)
    .limit(1);
  return first;
}
