import { ORDER_STATUS, PORTAL_TIME_ZONE } from "@vetportal/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { order_products, orders, shipment_lines, shipments } from "../../db/schema/index.ts";
import { portalToday } from "../../lib/portal-days.ts";

/*
 * The writes of production and split shipments (issue 24 §4–§5, decision 045), on tables the orders
 * module owns: a line's production status, the shipments' lines and each line's packs shipped.
 */

/** Lines moved to a production status (the desk checked each move under the order's lock). */
export async function setLinesProduction(db: Executor, lineIds: number[], statusId: number) {
  if (!lineIds.length) return;
  await db.update(order_products).set({ production_status_id: statusId }).where(inArray(order_products.id, lineIds));
}

/**
 * A line waiting in Pending Proof Approval goes back to Pre Press (its proof approved again); the
 * update's own condition makes it happen once. Answers the line's order and name, or undefined when
 * the line was not waiting.
 */
export async function releaseProofHold(db: Executor, lineId: number) {
  const [row] = await db
    .update(order_products)
    .set({ production_status_id: ORDER_STATUS.PRE_PRESS })
    .where(
      and(eq(order_products.id, lineId), eq(order_products.production_status_id, ORDER_STATUS.PENDING_PROOF_APPROVAL)),
    )
    .returning({ order_id: order_products.order_id, product_name: order_products.product_name });
  return row;
}

/**
 * Every line of the practice's orders for this product that waits in Pending Proof Approval goes
 * back to Pre Press and prints the proof just approved (issue 24 §3): one conditional UPDATE, so
 * two approvals at once release a line once. Answers the lines released.
 */
export async function releaseProofHolds(db: Executor, hold: { userId: number; productId: number; proofId: number }) {
  return db
    .update(order_products)
    .set({ production_status_id: ORDER_STATUS.PRE_PRESS, proof_id: hold.proofId })
    .where(
      and(
        eq(order_products.product_id, hold.productId),
        eq(order_products.production_status_id, ORDER_STATUS.PENDING_PROOF_APPROVAL),
        inArray(
          order_products.order_id,
          db.select({ id: orders.id }).from(orders).where(eq(orders.user_id, hold.userId)),
        ),
      ),
    )
    .returning({ id: order_products.id, order_id: order_products.order_id, product_name: order_products.product_name });
}

/** A shipment's packages: the first is the shipment (its lines name it), the others point at it. Answers its id. */
export async function insertShipment(
  db: Executor,
  rows: { order_id: number; carrier: string; tracking_number: string; shipped_on: string; created_by: number }[],
) {
  const [first, ...others] = rows;
  if (!first) throw new Error("a shipment needs a package");
  const [row] = await db.insert(shipments).values(first).returning({ id: shipments.id });
  if (!row) throw new Error("shipment not inserted");
  if (others.length) await db.insert(shipments).values(others.map((p) => ({ ...p, shipment_of: row.id })));
  return row.id;
}

/**
 * The lines a shipment holds, and each line's packs shipped; a line whose last pack ships gets the
 * day it shipped (now when the day is today in portal time, else noon of that day), which the
 * reports count it by. The table's check refuses more packs than were ordered less cancelled.
 */
export async function insertShipmentLines(
  db: Executor,
  shipmentId: number,
  shippedOn: string,
  lines: { order_product_id: number; quantity: number }[],
) {
  if (!lines.length) return;
  await db.insert(shipment_lines).values(lines.map((l) => ({ shipment_id: shipmentId, ...l })));
  for (const l of lines) {
    const shipped = sql`${order_products.shipped_quantity} + ${l.quantity}`;
    await db
      .update(order_products)
      .set({
        shipped_quantity: shipped,
        date_shipped: sql`case when ${shipped} + ${order_products.cancelled_quantity} < ${order_products.quantity}
          then null when ${shippedOn}::date = ${portalToday()} then now()
          else (${shippedOn}::date + time '12:00') at time zone ${PORTAL_TIME_ZONE} end`,
      })
      .where(eq(order_products.id, l.order_product_id));
  }
}

/** The lines of an order's shipments, by shipment (the first package's id), in the order they were recorded. */
export async function listShipmentLines(db: Executor, orderId: number) {
  return db
    .select({
      shipment_id: shipment_lines.shipment_id,
      order_product_id: shipment_lines.order_product_id,
      product_name: order_products.product_name,
      quantity: shipment_lines.quantity,
    })
    .from(shipment_lines)
    .innerJoin(order_products, eq(order_products.id, shipment_lines.order_product_id))
    .where(eq(order_products.order_id, orderId))
    .orderBy(asc(shipment_lines.shipment_id), asc(shipment_lines.order_product_id));
}
