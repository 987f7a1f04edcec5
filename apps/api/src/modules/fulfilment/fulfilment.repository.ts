import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLike } from "../../db/like.ts";
import {
  department_cc_emails,
  order_products,
  order_status_history,
  order_statuses,
  orders,
  shipments,
  users,
} from "../../db/schema/index.ts";
import { dayEnd, dayStart, portalToday } from "../../lib/portal-days.ts";

export interface DeskFilter {
  customerId: number;
  text?: string;
  dateFrom?: string;
  dateTo?: string;
  poNumber?: string;
  orderId?: number;
}

/**
 * The desk's filters but the status, as conditions on `orders`. Every one keeps the customer
 * first, so the (customer_id, created) and (customer_id, order_status_id, created) indexes serve
 * the newest-first page and the per-status counts (issue 11; bench/README.md).
 */
function deskConditions(f: DeskFilter): SQL[] {
  const where: SQL[] = [eq(orders.customer_id, f.customerId)];
  if (f.orderId !== undefined) where.push(eq(orders.id, f.orderId));
  if (f.dateFrom) where.push(sql`${orders.created} >= ${dayStart(f.dateFrom)}`);
  if (f.dateTo) where.push(sql`${orders.created} < ${dayEnd(f.dateTo)}`);
  if (f.poNumber) where.push(sql`${orders.po_number} ilike ${`%${escapeLike(f.poNumber)}%`}`);
  if (f.text) {
    const p = `%${escapeLike(f.text)}%`;
    where.push(sql`${orders.user_id} in (select su.id from users su where su.customer_id = ${f.customerId}
      and (su.representation ilike ${p} or concat_ws(' ', su.first_name, su.last_name) ilike ${p} or su.email ilike ${p}))`);
  }
  return where;
}

/** One page of the desk, newest first. */
export async function listDeskOrders(
  db: Executor,
  f: DeskFilter,
  status: number | undefined,
  limit: number,
  offset: number,
) {
  return db
    .select({
      id: orders.id,
      created: orders.created,
      order_status: orders.order_status_id,
      order_status_name: order_statuses.name,
      first_name: users.first_name,
      last_name: users.last_name,
      representation: users.representation,
      po_number: orders.po_number,
      ship_city: orders.ship_city,
      ship_state: orders.ship_state,
      total_order_amount: orders.total_order_amount,
      date_shipped: orders.date_shipped,
      tracking_number: orders.tracking_number,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
    .where(and(...deskConditions(f), status === undefined ? undefined : eq(orders.order_status_id, status)))
    .orderBy(desc(orders.created), desc(orders.id))
    .limit(limit)
    .offset(offset);
}

/**
 * Per status, how many orders match the other filters, each count stopping at `cap` + 1 rows: a
 * walk of at most that many index entries per status, however many orders there are.
 */
export async function countDeskOrdersByStatus(db: Executor, f: DeskFilter, cap: number) {
  const rows = await db.execute(sql`
    select s.id as order_status, s.name as order_status_name,
      (select count(*)::int from (
        select 1 from ${orders}
        where ${and(...deskConditions(f))} and ${orders.order_status_id} = s.id
        limit ${cap + 1}
      ) bounded) as count
    from ${order_statuses} s
    order by s.id`);
  return (rows as unknown as { rows: { order_status: number; order_status_name: string; count: number }[] }).rows;
}

/** The order row, locked until the transaction ends (every desk change takes it first). */
export async function lockOrder(db: Executor, orderId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customer_id, customerId)))
    .for("update");
  return row;
}

/**
 * Several orders of the customer; with `lock`, locked in id order until the transaction ends (two
 * imports of overlapping files wait for each other rather than deadlock).
 */
export async function findOrders(db: Executor, orderIds: number[], customerId: number, lock: boolean) {
  if (!orderIds.length) return [];
  const query = db
    .select()
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.customer_id, customerId)))
    .orderBy(asc(orders.id));
  return lock ? query.for("update") : query;
}

export async function findOrder(db: Executor, orderId: number, customerId: number) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customer_id, customerId)));
  return row;
}

export async function countShipments(db: Executor, orderId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(shipments)
    .where(eq(shipments.order_id, orderId));
  return row?.n ?? 0;
}

/** The tracking numbers recorded for these orders (a carrier file sent again is recognised by them). */
export async function listShipmentNumbers(db: Executor, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({ order_id: shipments.order_id, tracking_number: shipments.tracking_number })
    .from(shipments)
    .where(inArray(shipments.order_id, orderIds));
}

export async function insertShipments(db: Executor, rows: (typeof shipments.$inferInsert)[]) {
  if (rows.length) await db.insert(shipments).values(rows);
}

/**
 * Marks an order Shipped on a day: the status, and for the reports date_shipped (now when the day
 * is today in portal time, else noon of that day) and tracking_number (every number, comma-separated).
 */
export async function setShipped(
  db: Executor,
  orderId: number,
  statusId: number,
  shippedOn: string,
  trackingNumbers: string[],
) {
  await db
    .update(orders)
    .set({
      order_status_id: statusId,
      date_shipped: sql`case when ${shippedOn}::date = ${portalToday()} then now()
        else (${shippedOn}::date + time '12:00') at time zone ${PORTAL_TIME_ZONE} end`,
      tracking_number: trackingNumbers.join(", "),
    })
    .where(eq(orders.id, orderId));
}

export async function setStatus(db: Executor, orderId: number, statusId: number) {
  await db.update(orders).set({ order_status_id: statusId }).where(eq(orders.id, orderId));
}

export async function insertHistory(
  db: Executor,
  row: { order_id: number; order_status_id: number; user_id: number; note?: string | null },
) {
  await db.insert(order_status_history).values(row);
}

export async function setBackorderDate(db: Executor, lineId: number, expected: string) {
  await db.update(order_products).set({ backorder_expected_date: expected }).where(eq(order_products.id, lineId));
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

/** Today in portal time, on the database's clock (ship dates are checked against it). */
export async function findPortalToday(db: Executor): Promise<string> {
  const rows = await db.execute(sql`select to_char(${portalToday()}, 'YYYY-MM-DD') as day`);
  return (rows as unknown as { rows: { day: string }[] }).rows[0]?.day as string;
}
