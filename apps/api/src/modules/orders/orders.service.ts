import { ORDER_STATUS, type PlaceOrderBody, type QuoteRequest } from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { deliveryMethodsFor, getCustomer, quote } from "./checkout.ts";
import * as lineShipping from "./line-shipping.repository.ts";
import { cancelOrderQuantities, type LineCancel } from "./order-cancel.ts";
import * as lists from "./order-list.repository.ts";
import { type OrderRow, readOrderSheet, remainingOf } from "./order-read-model.ts";
import * as repo from "./orders.repository.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import { placeOrder } from "./place-order.ts";
import { cancelOrder, getOrder, listOrders, reorder } from "./practice-orders.ts";

export { requestHash } from "./idempotency.ts";
export { amountsOfRemaining, type LineCancel } from "./order-cancel.ts";
export type { DeskFilter } from "./order-list.repository.ts";
export {
  byFinalStatus,
  lineProgress,
  type OrderLineRow,
  type OrderRow,
  orderSheetOf,
  personName,
  remainingOf,
  unshippedOf,
} from "./order-read-model.ts";
export type { OrdersDeps, OrdersSettings } from "./orders-deps.ts";

/** A package of a shipment as the desk records it. */
export interface ShipmentPackage {
  carrier: string;
  tracking_number: string;
}

/**
 * What the order desk (fulfilment) does with orders, through their owner: it reads them with the
 * read model the practice's pages use and changes them here, in the desk's transaction on the order
 * row it holds locked (every function takes that transaction).
 */
function deskRecords(deps: OrdersDeps) {
  return {
    readOrderSheet,
    findCustomerOrder: (db: Executor, id: number, customerId: number) => repo.findOrder(db, id, { customerId }),
    /** The order row, locked until the transaction ends (every desk change takes it first). */
    lockOrder: (tx: Executor, id: number, customerId: number) => repo.findOrder(tx, id, { customerId }, true),
    findOrders: repo.findOrders,
    orderLines: repo.listOrderLines,
    listDeskOrders: (filter: lists.DeskFilter, status: number | undefined, limit: number, offset: number) =>
      lists.listDeskOrders(deps.db, filter, status, limit, offset),
    countDeskOrdersByStatus: (filter: lists.DeskFilter, cap: number) =>
      lists.countDeskOrdersByStatus(deps.db, filter, cap),
    countShipments: repo.countShipments,
    listShipmentNumbers: repo.listShipmentNumbers,
    setStatus: repo.setOrderStatus,
    /** A row of the order's status history: the status it is now in, who, and why. */
    recordStatus: (tx: Executor, orderId: number, statusId: number, userId: number, note?: string | null) =>
      repo.insertStatus(tx, orderId, statusId, userId, note ?? undefined),
    /** The order Shipped on the day its last line shipped, with every number it shipped under (for the reports). */
    async markShipped(tx: Executor, orderId: number, shippedOn: string) {
      const numbers = await repo.listShipmentNumbers(tx, [orderId]);
      await repo.setShipped(
        tx,
        orderId,
        ORDER_STATUS.SHIPPED,
        shippedOn,
        numbers.map((n) => n.tracking_number),
      );
    },
    setBackorderDate: repo.setBackorderDate,
    /** Lines moved to a production status (issue 24 §4), checked by the desk under the order's lock. */
    setLinesProduction: lineShipping.setLinesProduction,
    /** A line in Pending Proof Approval back to Pre Press; once (undefined when it was not waiting). */
    releaseProofHold: lineShipping.releaseProofHold,
    /** The practice's lines of a product waiting for its proof, released to Pre Press with the approved proof. */
    releaseProofHolds: lineShipping.releaseProofHolds,
    /** A shipment of chosen lines (issue 24 §5): its packages, its lines, each line's packs shipped. */
    async recordLineShipment(
      tx: Executor,
      order: { id: number; shippedOn: string; userId: number },
      packages: ShipmentPackage[],
      lines: { order_product_id: number; quantity: number }[],
    ) {
      const shipmentId = await lineShipping.insertShipment(
        tx,
        packages.map((p) => ({
          order_id: order.id,
          carrier: p.carrier,
          tracking_number: p.tracking_number,
          shipped_on: order.shippedOn,
          created_by: order.userId,
        })),
      );
      await lineShipping.insertShipmentLines(tx, shipmentId, order.shippedOn, lines);
      return shipmentId;
    },
    cancelOrderQuantities: (
      tx: Executor,
      order: OrderRow,
      lines: Parameters<typeof cancelOrderQuantities>[3],
      cancels: readonly LineCancel[],
      by: { userId: number; comment: string },
    ) => cancelOrderQuantities(deps, tx, order, lines, cancels, by),
  };
}

/**
 * What the approvals module does with an order placed Pending Approval (decision 040), in its
 * transaction on the order row it holds locked: approve it (Active, the cancel window starts now), or
 * cancel it whole through the practice's and the desk's cancel path (stock given back).
 */
function approvalRecords(deps: OrdersDeps) {
  return {
    async approvePending(tx: Executor, order: OrderRow, userId: number, note: string) {
      await repo.setApproved(tx, order.id);
      await repo.insertStatus(tx, order.id, ORDER_STATUS.ACTIVE, userId, note);
    },
    async cancelPending(tx: Executor, order: OrderRow, userId: number, note: string) {
      const lines = await repo.listOrderLines(tx, order.id);
      const cancels = lines.filter((l) => remainingOf(l) > 0).map((line) => ({ line, quantity: remainingOf(line) }));
      await cancelOrderQuantities(deps, tx, order, lines, cancels, { userId, comment: note.slice(0, 500) });
      await repo.insertStatus(tx, order.id, ORDER_STATUS.CANCELLED, userId, note);
    },
  };
}

/**
 * The orders module: checkout (customer, delivery methods, quote), placing an order, a practice's
 * own orders, and the desk's reads and changes of orders (fulfilment uses it, never the tables).
 */
export function createOrdersService(deps: OrdersDeps) {
  return {
    deliveryMethodsFor: (user: SessionUser) => deliveryMethodsFor(deps, user),
    getCustomer: (user: SessionUser) => getCustomer(deps, user),
    quote: (user: SessionUser, input: QuoteRequest) => quote(deps, user, input),
    placeOrder: (user: SessionUser, body: PlaceOrderBody, idempotencyKey?: string, now?: Date) =>
      placeOrder(deps, user, body, idempotencyKey, now),
    listOrders: (user: SessionUser, filter: Parameters<typeof listOrders>[2]) => listOrders(deps, user, filter),
    getOrder: (user: SessionUser, id: number, now?: Date) => getOrder(deps, user, id, now),
    cancelOrder: (user: SessionUser, orderId: number, now?: Date) => cancelOrder(deps, user, orderId, now),
    reorder: (user: SessionUser, orderId: number) => reorder(deps, user, orderId),
    ...deskRecords(deps),
    ...approvalRecords(deps),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
