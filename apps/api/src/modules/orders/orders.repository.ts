import { and, asc, desc, eq, inArray, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  addresses,
  customer_delivery_methods,
  customers,
  delivery_methods,
  department_cc_emails,
  email_outbox,
  idempotency_keys,
  order_products,
  order_status_history,
  order_statuses,
  orders,
  product_price_ranges,
  products,
  users,
} from "../../db/schema/index.ts";
import type { OutgoingEmail } from "../mail/outbox.repository.ts";
import { type ProductScope, productScopeWhere } from "../catalog/catalog.repository.ts";
import { type Sale, saleCtes } from "../inventory/inventory.repository.ts";

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

export async function findDeliveryMethod(db: Executor, id: number) {
  const [row] = await db.select().from(delivery_methods).where(eq(delivery_methods.id, id));
  return row;
}

export async function findCustomer(db: Executor, id: number) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/**
 * Claims an Idempotency-Key inside the order's transaction, with the hash of the request it came
 * with. A concurrent request with the same key waits on the unique index until the first commits,
 * then sees its order and its request hash.
 */
export async function claimIdempotencyKey(db: Executor, userId: number, key: string, requestHash: string) {
  const inserted = await db
    .insert(idempotency_keys)
    .values({ user_id: userId, key, request_hash: requestHash })
    .onConflictDoNothing()
    .returning({ id: idempotency_keys.id });
  if (inserted[0]) return { claimed: true as const, keyId: inserted[0].id };
  return { claimed: false as const, ...(await findIdempotencyKey(db, userId, key)) };
}

/** The rows of a statement the driver returns, whichever driver it is. */
async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
}

/** A query's rows as one JSON array, a row as one JSON object: several reads in one statement. */
const jsonRows = (query: SQLWrapper) => sql`(select coalesce(json_agg(t), '[]'::json) from (${query.getSQL()}) t)`;
const jsonRow = (query: SQLWrapper) => sql`(select row_to_json(t) from (${query.getSQL()}) t)`;

export type OrderAddress = Pick<
  typeof addresses.$inferSelect,
  "id" | "company" | "title" | "line1" | "line2" | "city" | "state" | "zip_code" | "country"
>;
export type OrderedProduct = Pick<
  typeof products.$inferSelect,
  | "id"
  | "name"
  | "product_category_id"
  | "min_quantity"
  | "max_quantity"
  | "is_in_inventory"
  | "no_order_below_zero_inventory"
  | "actual_inventory"
  | "cutoff_time"
  | "pick_fee_cents"
>;
export type OrderPriceRange = Pick<
  typeof product_price_ranges.$inferSelect,
  "product_id" | "min_quantity" | "max_quantity" | "price_cents"
>;

/**
 * Everything placing an order reads, in one statement at the start of its transaction: the claim of
 * the Idempotency-Key (if any), the new order's id and time, the delivery address (the one asked
 * for, else the user's first), the orderer, the products the user may order among those asked for,
 * their price ranges and the department's cc addresses. The id is drawn only when there is an
 * order to place (no key, or the key claimed now); `created` is the transaction's now(), the very
 * value the order row's default takes. With a key, `keyId` null means it was taken already (or by
 * a concurrent request, which committed while this one waited on the key's unique index).
 */
export async function claimAndReadForOrder(
  tx: Executor,
  input: {
    userId: number;
    key?: { key: string; requestHash: string };
    addressId?: number;
    scope: ProductScope;
    productIds: number[];
  },
) {
  const { userId, key, addressId, scope, productIds } = input;
  const claim = key
    ? sql`with claim as (${tx
        .insert(idempotency_keys)
        .values({ user_id: userId, key: key.key, request_hash: key.requestHash })
        .onConflictDoNothing()
        .returning({ id: idempotency_keys.id })
        .getSQL()}) `
    : sql``;
  const keyId = key ? sql`(select id from claim)` : sql`null`;
  const orderId = key
    ? sql`case when exists (select 1 from claim) then nextval('orders_id_seq') end`
    : sql`nextval('orders_id_seq')`;
  const address = tx
    .select({
      id: addresses.id,
      company: addresses.company,
      title: addresses.title,
      line1: addresses.line1,
      line2: addresses.line2,
      city: addresses.city,
      state: addresses.state,
      zip_code: addresses.zip_code,
      country: addresses.country,
    })
    .from(addresses)
    .where(
      and(
        eq(addresses.belong_to, "user"),
        eq(addresses.owner_id, userId),
        addressId === undefined ? undefined : eq(addresses.id, addressId),
      ),
    )
    .orderBy(asc(addresses.id))
    .limit(1);
  const orderer = tx
    .select({ department_id: users.department_id, representation: users.representation })
    .from(users)
    .where(eq(users.id, userId));
  const ordered = tx
    .select({
      id: products.id,
      name: products.name,
      product_category_id: products.product_category_id,
      min_quantity: products.min_quantity,
      max_quantity: products.max_quantity,
      is_in_inventory: products.is_in_inventory,
      no_order_below_zero_inventory: products.no_order_below_zero_inventory,
      actual_inventory: products.actual_inventory,
      cutoff_time: products.cutoff_time,
      pick_fee_cents: products.pick_fee_cents,
    })
    .from(products)
    .where(and(inArray(products.id, productIds), productScopeWhere(scope)));
  const ranges = tx
    .select({
      product_id: product_price_ranges.product_id,
      min_quantity: product_price_ranges.min_quantity,
      max_quantity: product_price_ranges.max_quantity,
      price_cents: product_price_ranges.price_cents,
    })
    .from(product_price_ranges)
    .where(inArray(product_price_ranges.product_id, productIds));
  const cc = tx
    .select({ email: department_cc_emails.email })
    .from(department_cc_emails)
    .where(eq(department_cc_emails.department_id, sql`(select ${users.department_id} from ${users} where ${users.id} = ${userId})`));
  const [row] = await rowsOf<{
    read: {
      key_id: number | null;
      order_id: number | null;
      created: string;
      address: OrderAddress | null;
      orderer: Pick<typeof users.$inferSelect, "department_id" | "representation"> | null;
      products: OrderedProduct[];
      ranges: OrderPriceRange[];
      cc: { email: string }[];
    };
  }>(
    tx,
    sql`${claim}select json_build_object(
      'key_id', ${keyId}, 'order_id', ${orderId}, 'created', now(),
      'address', ${jsonRow(address)}, 'orderer', ${jsonRow(orderer)},
      'products', ${jsonRows(ordered)}, 'ranges', ${jsonRows(ranges)}, 'cc', ${jsonRows(cc)}
    ) as read`,
  );
  if (!row) throw new Error("the order's reads returned nothing");
  const { read } = row;
  return {
    keyId: read.key_id,
    orderId: read.order_id,
    created: new Date(read.created),
    address: read.address,
    orderer: read.orderer,
    products: read.products,
    ranges: read.ranges,
    ccEmails: read.cc.map((r) => r.email),
  };
}

/** The key's order and request hash, once a claim found it taken. */
export async function findIdempotencyKey(db: Executor, userId: number, key: string) {
  const [existing] = await db
    .select({ order_id: idempotency_keys.order_id, request_hash: idempotency_keys.request_hash })
    .from(idempotency_keys)
    .where(and(eq(idempotency_keys.user_id, userId), eq(idempotency_keys.key, key)));
  return { orderId: existing?.order_id ?? null, requestHash: existing?.request_hash ?? null };
}

/**
 * Writes a placed order in one statement: the stock of its tracked lines with their ledger rows
 * (inventory's saleCtes), the order under the id claimAndReadForOrder drew, its lines, its first
 * status, the Idempotency-Key's link to it and the confirmation in the outbox. The rollup triggers
 * fire at the end of the statement, after the products' row locks, as they did when these were
 * separate statements. Returns the balances the sales left; a sale missing from them was refused
 * for stock and the caller must roll the transaction back.
 */
export async function insertPlacedOrder(
  tx: Executor,
  placed: {
    order: typeof orders.$inferInsert & { id: number; order_status_id: number };
    lines: (typeof order_products.$inferInsert)[];
    sales: Sale[];
    userId: number;
    keyId: number | null;
    confirmation: OutgoingEmail;
  },
) {
  const { order, lines, sales, userId, keyId, confirmation } = placed;
  const writes = [
    sql`placed as (${tx.insert(orders).values(order).getSQL()})`,
    sql`placed_lines as (${tx.insert(order_products).values(lines).getSQL()})`,
    sql`placed_status as (${tx
      .insert(order_status_history)
      .values({ order_id: order.id, order_status_id: order.order_status_id, user_id: userId })
      .getSQL()})`,
    sql`confirmation as (${tx
      .insert(email_outbox)
      .values({ ...confirmation, cc: confirmation.cc ?? [] })
      .getSQL()})`,
  ];
  if (keyId !== null) {
    writes.push(
      sql`keyed as (${tx.update(idempotency_keys).set({ order_id: order.id }).where(eq(idempotency_keys.id, keyId)).getSQL()})`,
    );
  }
  if (!sales.length) {
    await tx.execute(sql`with ${sql.join(writes, sql`, `)} select 1`);
    return [];
  }
  return rowsOf<{ id: number; after: number; low: number; name: string; sku: string | null; quantity: number }>(
    tx,
    sql`with ${saleCtes(sales, order.id, userId)}, ${sql.join(writes, sql`, `)}
      select id, after, low, name, sku, quantity from stock`,
  );
}

export async function setIdempotencyOrder(db: Executor, keyId: number, orderId: number) {
  await db.update(idempotency_keys).set({ order_id: orderId }).where(eq(idempotency_keys.id, keyId));
}

export async function findUserAddress(db: Executor, userId: number, addressId?: number) {
  const [row] = await db
    .select()
    .from(addresses)
    .where(
      and(
        eq(addresses.belong_to, "user"),
        eq(addresses.owner_id, userId),
        addressId === undefined ? undefined : eq(addresses.id, addressId),
      ),
    )
    .orderBy(asc(addresses.id))
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

export async function listOrders(db: Executor, where: SQL | undefined, limit: number, offset: number) {
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

export async function findOrder(db: Executor, where: SQL | undefined, forUpdate = false) {
  const query = db.select().from(orders).where(where).limit(1);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

export async function findOrderDetail(db: Executor, orderId: number) {
  const [head] = await db
    .select({
      customer_name: customers.name,
      user_first_name: users.first_name,
      user_last_name: users.last_name,
      representation: users.representation,
      order_status_name: order_statuses.name,
      delivery_method_name: delivery_methods.name,
    })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customer_id))
    .innerJoin(users, eq(users.id, orders.user_id))
    .innerJoin(order_statuses, eq(order_statuses.id, orders.order_status_id))
    .innerJoin(delivery_methods, eq(delivery_methods.id, orders.delivery_method_id))
    .where(eq(orders.id, orderId));
  const lines = await db
    .select()
    .from(order_products)
    .where(eq(order_products.order_id, orderId))
    .orderBy(asc(order_products.id));
  return { head, lines };
}

export async function listOrderLines(db: Executor, orderId: number) {
  return db.select().from(order_products).where(eq(order_products.order_id, orderId)).orderBy(asc(order_products.id));
}

export async function cancelOrderLines(db: Executor, orderId: number) {
  await db
    .update(order_products)
    .set({ cancelled_quantity: sql`${order_products.quantity}` })
    .where(eq(order_products.order_id, orderId));
}

/** A cancelled order invoices nothing: its amounts go to zero (its lines keep their prices). */
export async function clearOrderAmounts(db: Executor, orderId: number) {
  await db
    .update(orders)
    .set({
      total_items_amount: 0,
      pick_fee_amount: 0,
      shipping_amount: 0,
      processing_amount: 0,
      tax_amount: 0,
      total_order_amount: 0,
    })
    .where(eq(orders.id, orderId));
}

export async function setOrderStatus(db: Executor, orderId: number, statusId: number) {
  await db.update(orders).set({ order_status_id: statusId }).where(eq(orders.id, orderId));
}
