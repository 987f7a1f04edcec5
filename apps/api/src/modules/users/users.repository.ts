import { and, asc, desc, eq, ilike, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLike } from "../../db/like.ts";
import { addresses, departments, user_levels, users } from "../../db/schema/index.ts";

/** A users row as the practices module creates it (sign-up, the admin's Add User). */
export type UserValues = typeof users.$inferInsert;

const contains = (column: Parameters<typeof ilike>[0], value?: string) =>
  value ? ilike(column, `%${escapeLike(value)}%`) : undefined;

/** First address of each user, as a lateral-free subquery join. */
const firstAddress = sql`(select min(a.id) from ${addresses} a where a.belong_to = 'user' and a.owner_id = ${users.id})`;

const rowColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  phone: users.phone,
  representation: users.representation,
  user_level_id: users.user_level_id,
  user_level: user_levels.name,
  is_approver: users.is_approver,
  requires_approval: users.requires_approval,
  is_active: users.is_active,
  department_id: users.department_id,
  department_name: departments.name,
  city: addresses.city,
  state: addresses.state,
};

export async function listUsers(
  db: Executor,
  customerId: number,
  filter: {
    search?: string;
    first_name?: string;
    last_name?: string;
    email?: string;
    representation?: string;
    user_level_id?: number;
    department_id?: number;
    is_active?: boolean;
    limit: number;
    offset: number;
  },
) {
  const where: SQL | undefined = and(
    eq(users.customer_id, customerId),
    eq(users.is_deleted, false),
    filter.is_active === undefined ? undefined : eq(users.is_active, filter.is_active),
    filter.search
      ? or(
          contains(sql`concat_ws(' ', ${users.first_name}, ${users.last_name})`, filter.search),
          contains(users.email, filter.search),
          contains(users.representation, filter.search),
        )
      : undefined,
    contains(users.first_name, filter.first_name),
    contains(users.last_name, filter.last_name),
    contains(users.email, filter.email),
    contains(users.representation, filter.representation),
    filter.user_level_id ? eq(users.user_level_id, filter.user_level_id) : undefined,
    filter.department_id ? eq(users.department_id, filter.department_id) : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(users)
      .innerJoin(user_levels, eq(user_levels.id, users.user_level_id))
      .leftJoin(departments, eq(departments.id, users.department_id))
      .leftJoin(addresses, eq(addresses.id, firstAddress))
      .where(where)
      .orderBy(desc(users.id), asc(users.created))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findUserDetail(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      title: users.title,
      cell: users.cell,
      fax: users.fax,
      contact: addresses.contact,
      line1: addresses.line1,
      zip_code: addresses.zip_code,
      address_id: addresses.id,
    })
    .from(users)
    .innerJoin(user_levels, eq(user_levels.id, users.user_level_id))
    .leftJoin(departments, eq(departments.id, users.department_id))
    .leftJoin(addresses, eq(addresses.id, firstAddress))
    .where(and(eq(users.id, id), eq(users.customer_id, customerId), eq(users.is_deleted, false)));
  return row;
}

export async function updateUser(
  db: Executor,
  customerId: number,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) {
  const rows = await db
    .update(users)
    .set(values)
    .where(and(eq(users.id, id), eq(users.customer_id, customerId), eq(users.is_deleted, false)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function emailTaken(db: Executor, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.is_deleted, false)));
  return row !== undefined && row.id !== exceptUserId;
}

/** The practices by name, each with its current department (the department form says it will move). */
export async function listPracticeNames(db: Executor, customerId: number) {
  return db
    .select({
      id: users.id,
      representation: users.representation,
      department_id: users.department_id,
      department_name: departments.name,
    })
    .from(users)
    .leftJoin(departments, eq(departments.id, users.department_id))
    .where(
      and(eq(users.customer_id, customerId), eq(users.is_deleted, false), sql`${users.representation} is not null`),
    )
    .orderBy(asc(users.representation));
}

export async function departmentExists(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, id), eq(departments.customer_id, customerId), eq(departments.is_deleted, false)));
  return row !== undefined;
}

/** An active, not deleted user of the customer, with what a set-password email needs. */
export async function findActiveUser(db: Executor, customerId: number, id: number) {
  const [user] = await db
    .select({ id: users.id, email: users.email, first_name: users.first_name, user_level_id: users.user_level_id })
    .from(users)
    .where(
      and(eq(users.id, id), eq(users.customer_id, customerId), eq(users.is_deleted, false), eq(users.is_active, true)),
    );
  return user;
}

export async function insertUser(db: Executor, values: UserValues) {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  if (!user) throw new Error("practice not inserted");
  return user;
}

/** Updates a user the caller has already found live (no customer or deletion filter). */
export async function updateUserById(db: Executor, id: number, values: Partial<UserValues>) {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  await db.update(users).set({ password_hash: passwordHash }).where(eq(users.id, userId));
}

/** A department's membership on the users' side: listed users join it, former members not listed leave it. */
export async function setDepartmentMembers(db: Executor, customerId: number, departmentId: number, userIds: number[]) {
  await db
    .update(users)
    .set({ department_id: null })
    .where(and(eq(users.department_id, departmentId), userIds.length ? notInArray(users.id, userIds) : undefined));
  if (userIds.length) {
    await db
      .update(users)
      .set({ department_id: departmentId })
      .where(and(inArray(users.id, userIds), eq(users.customer_id, customerId), eq(users.is_deleted, false)));
  }
}

/**
 * A live user row's audited fields, locked for the transaction (an audited change reads its
 * "before" under the lock, so two administrators' changes each record what they replaced).
 */
export async function lockAuditedUser(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
      phone: users.phone,
      cell: users.cell,
      fax: users.fax,
      title: users.title,
      representation: users.representation,
      user_level_id: users.user_level_id,
      is_approver: users.is_approver,
      department_id: users.department_id,
      is_active: users.is_active,
      is_deleted: users.is_deleted,
    })
    .from(users)
    .where(and(eq(users.id, id), eq(users.customer_id, customerId), eq(users.is_deleted, false)))
    .for("update");
  return row;
}
