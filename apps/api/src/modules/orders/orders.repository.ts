import type { OrderAmounts } from "@vetportal/contract";
import { ORDER_STATUS, PORTAL_TIME_ZONE } from "@vetportal/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { order_products, order_status_history, orders, shipments } from "../../db/schema/index.ts";
import { portalToday } from "../../lib/portal-days.ts";

/*
 * The orders module owns orders, order_products, order_status_history and shipments: every write
 * of them is here (the one exception, the single statement that places an order, is
 * placing.repository.ts — decision 018). The order desk changes orders through the orders service.
 */

export async function insertOrder(db: Executor, values: typeof orders.$inferInsert) {
  const [row] = await db.insert(orders).values(values).returning({ id: orders.id, created: orders.created });
  if (!row) throw new Error("order not inserted");
  return row;
}

export async function insertOrderLines(db: Executor, rows: (typeof order_products.$inferInsert)[]) {
  await db.insert(order_products).values(rows);
}

export async function insertStatus(db: Executor, orderId: number, statusId: number, userId: number, note?: string) {
  await db.insert(order_status_history).values({ order_id: orderId, order_status_id: statusId, user_id: userId, note });
}

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof order_products.$inferSelect;

/**
 * Whose orders a query may read: the customer's, narrowed to one department or one user. Who gets
 * which is the orders service's rule (readableBy).
 */
export interface OrderReader {
  customerId: number;
  departmentId?: number;
  userId?: number;
}

export function readerWhere(reader: OrderReader) {
  return and(
    eq(orders.customer_id, reader.customerId),
    reader.departmentId === undefined ? undefined : eq(orders.department_id, reader.departmentId),
    reader.userId === undefined ? undefined : eq(orders.user_id, reader.userId),
  );
}

/** The order of this id if the reader may read it; forUpdate locks its row. */
export async function findOrder(db: Executor, id: number, reader: OrderReader, forUpdate = false) {
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), readerWhere(reader)))
    .limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

export async function listOrderLines(db: Executor, orderId: number) {
  return db.select().from(order_products).where(eq(order_products.order_id, orderId)).orderBy(asc(order_products.id));
}

/** Adds packs to a line's cancelled quantity. */
export async function addCancelledQuantity(db: Executor, lineId: number, quantity: number) {
  await db
    .update(order_products)
    .set({ cancelled_quantity: sql`${order_products.cancelled_quantity} + ${quantity}` })
    .where(eq(order_products.id, lineId));
}

/** The order's invoiced amounts (its lines keep the prices they were ordered at). */
export async function setOrderAmounts(db: Executor, orderId: number, amounts: OrderAmounts) {
  await db.update(orders).set(amounts).where(eq(orders.id, orderId));
}

/** An order placed Pending Approval is approved: Active from now, its cancel window starting now (decision 040). */
export async function setApproved(db: Executor, orderId: number) {
  await db
    .update(orders)
    .set({ order_status_id: ORDER_STATUS.ACTIVE, approved_at: sql`now()` })
    .where(eq(orders.id, orderId));
}

export async function setOrderStatus(db: Executor, orderId: number, statusId: number) {
  await db.update(orders).set({ order_status_id: statusId }).where(eq(orders.id, orderId));
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
    .where(inArray(shipments.order_id, orderIds))
    .orderBy(asc(shipments.id));
}

export async function insertShipments(db: Executor, rows: (typeof shipments.$inferInsert)[]) {
  if (rows.length) await db.insert(shipments).values(rows);
}

/**
 * Marks an order Shipped on a day: the status, and for the reports date_shipped (now when the day
 * is today in portal time, else noon of that day; the latest of its lines' days if one is later) and tracking_number (every number, comma-separated).
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
      // Its last line's day: never before a line's own (a shipment may be recorded with an earlier day).
      date_shipped: sql`greatest(case when ${shippedOn}::date = ${portalToday()} then now()
        else (${shippedOn}::date + time '12:00') at time zone ${PORTAL_TIME_ZONE} end,
        (select max(l.date_shipped) from ${order_products} l where l.order_id = ${orderId}))`,
      tracking_number: trackingNumbers.join(", "),
    })
    .where(eq(orders.id, orderId));
}

export async function setBackorderDate(db: Executor, lineId: number, expected: string) {
  await db.update(order_products).set({ backorder_expected_date: expected }).where(eq(order_products.id, lineId));
}
