import { and, asc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLike } from "../../db/like.ts";
import {
  cost_center_departments,
  cost_centers,
  department_cc_emails,
  department_users,
  departments,
  users,
} from "../../db/schema/index.ts";

const liveDepartment = (customerId: number) =>
  and(eq(departments.customer_id, customerId), eq(departments.is_deleted, false));

export async function listDepartments(
  db: Executor,
  customerId: number,
  filter: { name?: string; limit: number; offset: number },
) {
  const where = and(
    liveDepartment(customerId),
    filter.name ? ilike(departments.name, `%${escapeLike(filter.name)}%`) : undefined,
  );
  // Plain SQL names: inside a subquery drizzle would leave the outer column unqualified.
  const members = sql<number>`(select count(*)::int from users u where u.department_id = departments.id and not u.is_deleted)`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: departments.id,
        name: departments.name,
        department_code: departments.department_code,
        is_active: departments.is_active,
        user_count: members,
      })
      .from(departments)
      .where(where)
      .orderBy(asc(departments.name))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(departments).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findDepartment(db: Executor, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(departments)
    .where(and(eq(departments.id, id), liveDepartment(customerId)));
  if (!row) return undefined;
  const [members, cc] = await Promise.all([
    db
      .select({
        id: users.id,
        first_name: users.first_name,
        last_name: users.last_name,
        representation: users.representation,
      })
      .from(users)
      .where(
        and(
          eq(users.is_deleted, false),
          sql`(users.department_id = ${id} or exists (select 1 from department_users du where du.department_id = ${id} and du.user_id = users.id))`,
        ),
      )
      .orderBy(asc(users.id)),
    db
      .select({ email: department_cc_emails.email })
      .from(department_cc_emails)
      .where(eq(department_cc_emails.department_id, id))
      .orderBy(asc(department_cc_emails.email)),
  ]);
  return { row, members, cc: cc.map((c) => c.email) };
}

export async function insertDepartment(db: Executor, values: typeof departments.$inferInsert) {
  const [row] = await db.insert(departments).values(values).returning({ id: departments.id });
  if (!row) throw new Error("department not inserted");
  return row.id;
}

export async function updateDepartment(db: Executor, id: number, values: Partial<typeof departments.$inferInsert>) {
  await db.update(departments).set(values).where(eq(departments.id, id));
}

/** Empties the department's member list (the users' side is the users module's: setDepartmentMembers). */
export async function clearDepartmentUsers(db: Executor, id: number) {
  await db.delete(department_users).where(eq(department_users.department_id, id));
}

export async function setCcEmails(db: Executor, id: number, emails: string[]) {
  await db.delete(department_cc_emails).where(eq(department_cc_emails.department_id, id));
  if (emails.length)
    await db.insert(department_cc_emails).values(emails.map((email) => ({ department_id: id, email })));
}

export async function addCcEmail(db: Executor, id: number, email: string) {
  await db.insert(department_cc_emails).values({ department_id: id, email }).onConflictDoNothing();
}

export async function countUsers(db: Executor, customerId: number, ids: number[]) {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.customer_id, customerId), eq(users.is_deleted, false)));
  return row?.n ?? 0;
}

export async function countDepartments(db: Executor, customerId: number, ids: number[]) {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(departments)
    .where(and(inArray(departments.id, ids), liveDepartment(customerId)));
  return row?.n ?? 0;
}

const liveCostCenter = (customerId: number) =>
  and(eq(cost_centers.customer_id, customerId), eq(cost_centers.is_deleted, false));

export async function listCostCenters(db: Executor, customerId: number, id?: number) {
  const rows = await db
    .select({ id: cost_centers.id, name: cost_centers.name, is_active: cost_centers.is_active })
    .from(cost_centers)
    .where(and(liveCostCenter(customerId), id === undefined ? undefined : eq(cost_centers.id, id)))
    .orderBy(asc(cost_centers.name));
  if (!rows.length) return [];
  const links = await db
    .select({ cost_center_id: cost_center_departments.cost_center_id, id: departments.id, name: departments.name })
    .from(cost_center_departments)
    .innerJoin(departments, eq(departments.id, cost_center_departments.department_id))
    .where(
      and(
        inArray(
          cost_center_departments.cost_center_id,
          rows.map((r) => r.id),
        ),
        eq(departments.is_deleted, false),
      ),
    )
    .orderBy(asc(departments.name));
  return rows.map((r) => {
    const own = links.filter((l) => l.cost_center_id === r.id);
    return { ...r, department_list: own.map((l) => l.id), department_names: own.map((l) => l.name) };
  });
}

export async function insertCostCenter(db: Executor, values: typeof cost_centers.$inferInsert) {
  const [row] = await db.insert(cost_centers).values(values).returning({ id: cost_centers.id });
  if (!row) throw new Error("cost center not inserted");
  return row.id;
}

export async function updateCostCenter(
  db: Executor,
  customerId: number,
  id: number,
  values: Partial<typeof cost_centers.$inferInsert>,
) {
  const rows = await db
    .update(cost_centers)
    .set(values)
    .where(and(eq(cost_centers.id, id), liveCostCenter(customerId)))
    .returning({ id: cost_centers.id });
  return rows.length > 0;
}

export async function setCostCenterDepartments(db: Executor, id: number, departmentIds: number[]) {
  await db.delete(cost_center_departments).where(eq(cost_center_departments.cost_center_id, id));
  await db
    .insert(cost_center_departments)
    .values(departmentIds.map((department_id) => ({ cost_center_id: id, department_id })));
}

/** The department's cc addresses, copied on the practice's order emails as on its confirmation. */
export async function listCcEmails(db: Executor, departmentId: number | null) {
  if (departmentId === null) return [];
  const rows = await db
    .select({ email: department_cc_emails.email })
    .from(department_cc_emails)
    .where(eq(department_cc_emails.department_id, departmentId));
  return rows.map((r) => r.email);
}

/** Locks a live department's row for the transaction (an audited change reads its "before" under it); false if none. */
export async function lockDepartment(db: Executor, customerId: number, id: number) {
  const rows = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.id, id), liveDepartment(customerId)))
    .for("update");
  return rows.length > 0;
}

/** Locks a live cost center's row for the transaction; false if none. */
export async function lockCostCenter(db: Executor, customerId: number, id: number) {
  const rows = await db
    .select({ id: cost_centers.id })
    .from(cost_centers)
    .where(and(eq(cost_centers.id, id), liveCostCenter(customerId)))
    .for("update");
  return rows.length > 0;
}
