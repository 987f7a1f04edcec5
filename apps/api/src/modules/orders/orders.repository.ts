import type { OrderAmounts } from "@vetportal/contract";
import { ORDER_STATUS, PORTAL_TIME_ZONE } from "@vetportal/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import {
  cost_centers,
  customers,
  delivery_methods,
  departments,
  order_products,
  order_status_history,
  order_statuses,
  orders,
  shipments,
  users,
} from "../../db/schema/index.ts";
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

/** The packages of some orders (issue 11), in the order they were recorded. */
export async function listShipments(db: Executor, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select({
      order_id: shipments.order_id,
      carrier: shipments.carrier,
      tracking_number: shipments.tracking_number,
      shipped_on: shipments.shipped_on,
    })
    .from(shipments)
    .where(inArray(shipments.order_id, orderIds))
    .orderBy(asc(shipments.order_id), asc(shipments.id));
}

/** An order's status history, oldest first, with the name of whoever made each change. */
export async function listStatusHistory(db: Executor, orderId: number) {
  const actor = alias(users, "actor");
  return db
    .select({
      order_status: order_status_history.order_status_id,
      order_status_name: order_statuses.name,
      created: order_status_history.created,
      user_id: order_status_history.user_id,
      first_name: actor.first_name,
      last_name: actor.last_name,
      representation: actor.representation,
      note: order_status_history.note,
    })
    .from(order_status_history)
    .innerJoin(order_statuses, eq(order_statuses.id, order_status_history.order_status_id))
    .leftJoin(actor, eq(actor.id, order_status_history.user_id))
    .where(eq(order_status_history.order_id, orderId))
    .orderBy(asc(order_status_history.created), asc(order_status_history.id));
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

/**
 * The names the practice's and the staff's order pages show beside an order: the customer, the
 * orderer, the status, the delivery method, and the department and cost center when it has them.
 */
export async function findOrderNames(db: Executor, orderId: number) {
  const [row] = await db
    .select({
      customer_name: customers.name,
      first_name: users.first_name,
      last_name: users.last_name,
      representation: users.representation,
      user_email: users.email,
      order_status_name: order_statuses.name,
      delivery_method_name: delivery_methods.name,
      department_name: departments.name,
      cost_center_name: cost_centers.name,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customer_id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
    .innerJoin(delivery_methods, eq(delivery_methods.id, orders.delivery_method_id))
    .leftJoin(departments, eq(departments.id, orders.department_id))
    .leftJoin(cost_centers, eq(cost_centers.id, orders.cost_center_id))
    .where(eq(orders.id, orderId));
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

export async function setBackorderDate(db: Executor, lineId: number, expected: string) {
  await db.update(order_products).set({ backorder_expected_date: expected }).where(eq(order_products.id, lineId));
}
