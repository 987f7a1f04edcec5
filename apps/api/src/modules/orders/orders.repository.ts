import type { OrderAmounts } from "@vetportal/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/client.ts";
import {
  cost_centers,
  customer_delivery_methods,
  customers,
  delivery_methods,
  departments,
  idempotency_keys,
  order_products,
  order_status_history,
  order_statuses,
  orders,
  product_price_ranges,
  shipments,
  users,
} from "../../db/schema/index.ts";
import { dayEnd, dayStart } from "../../lib/portal-days.ts";

export async function listCustomerDeliveryMethods(db: Executor, customerId: number) {
  return db
    .select({
      id: delivery_methods.id,
      name: delivery_methods.name,
      remarks: delivery_methods.remarks,
      max_business_days: delivery_methods.max_business_days,
      shipping_cents: delivery_methods.shipping_cents,
    })
    .from(customer_delivery_methods)
    .innerJoin(delivery_methods, eq(delivery_methods.id, customer_delivery_methods.delivery_method_id))
    .where(eq(customer_delivery_methods.customer_id, customerId))
    .orderBy(asc(customer_delivery_methods.sort_order), asc(delivery_methods.id));
}

export async function findCustomer(db: Executor, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/**
 * Claims an Idempotency-Key inside a destroy order's transaction, with the hash of the request it
 * came with. A concurrent request with the same key waits on the unique index until the first
 * commits, then sees its order and its request hash.
 */
export async function claimIdempotencyKey(db: Executor, userId: number, key: string, requestHash: string) {
  const inserted = await db
    .insert(idempotency_keys)
    .values({ user_id: userId, key, request_hash: requestHash })
    .onConflictDoNothing()
    .returning({ id: idempotency_keys.id });
  if (inserted[0]) return { claimed: true as const, keyId: inserted[0].id };
  const existing = await findIdempotencyKey(db, userId, key);
  return { claimed: false as const, orderId: existing?.orderId ?? null, requestHash: existing?.requestHash ?? null };
}

/** The key's order and request hash, or undefined when the user never used the key. */
export async function findIdempotencyKey(db: Executor, userId: number, key: string) {
  const [existing] = await db
    .select({ orderId: idempotency_keys.order_id, requestHash: idempotency_keys.request_hash })
    .from(idempotency_keys)
    .where(and(eq(idempotency_keys.user_id, userId), eq(idempotency_keys.key, key)));
  return existing;
}

export async function setIdempotencyOrder(db: Executor, keyId: number, orderId: number) {
  await db.update(idempotency_keys).set({ order_id: orderId }).where(eq(idempotency_keys.id, keyId));
}

/** Who places an order: the name, phone and email a destroy order's contact comes from. */
export async function findOrderer(db: Executor, userId: number) {
  const [row] = await db
    .select({
      first_name: users.first_name,
      last_name: users.last_name,
      representation: users.representation,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function listPriceRanges(db: Executor, productIds: number[]) {
  if (!productIds.length) return [];
  return db.select().from(product_price_ranges).where(inArray(product_price_ranges.product_id, productIds));
}

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

function readerWhere(reader: OrderReader) {
  return and(
    eq(orders.customer_id, reader.customerId),
    reader.departmentId === undefined ? undefined : eq(orders.department_id, reader.departmentId),
    reader.userId === undefined ? undefined : eq(orders.user_id, reader.userId),
  );
}

/** My Orders' filter: a status, and the portal-calendar days (YYYY-MM-DD) the orders were placed in. */
export interface OrderListFilter {
  orderStatusId?: number;
  fromDay?: string;
  toDay?: string;
}

export async function listOrders(
  db: Executor,
  reader: OrderReader,
  filter: OrderListFilter,
  limit: number,
  offset: number,
) {
  const where = and(
    readerWhere(reader),
    filter.orderStatusId === undefined ? undefined : eq(orders.order_status_id, filter.orderStatusId),
    filter.fromDay ? sql`${orders.created} >= ${dayStart(filter.fromDay)}` : undefined,
    filter.toDay ? sql`${orders.created} < ${dayEnd(filter.toDay)}` : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: orders.id,
        user_first_name: users.first_name,
        user_last_name: users.last_name,
        shipping_instruction: orders.shipping_instruction,
        created: orders.created,
        order_status: orders.order_status_id,
        order_status_name: order_statuses.name,
        total_order_amount: orders.total_order_amount,
        date_shipped: orders.date_shipped,
        tracking_number: orders.tracking_number,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.user_id))
      .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
      .where(where)
      .orderBy(desc(orders.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
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

export async function setOrderStatus(db: Executor, orderId: number, statusId: number) {
  await db.update(orders).set({ order_status_id: statusId }).where(eq(orders.id, orderId));
}
