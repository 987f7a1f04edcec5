import { and, asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import {
  customer_delivery_methods,
  customers,
  delivery_methods,
  idempotency_keys,
  users,
} from "../../db/schema/index.ts";

/*
 * What checkout reads and keeps beside an order: the customer and the delivery methods it offers,
 * the orderer of a destroy order, and the Idempotency-Keys that make placing an order safe to retry.
 */

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
