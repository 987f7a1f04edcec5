import {
  type BackOrderRequest,
  carrierName,
  DESK_COUNT_CAP,
  type DeskOrderList,
  formatUsDate,
  type MoveLinesRequest,
  ORDER_STATUS,
  orderStatusName,
  portalDay,
  type SendBackLineRequest,
  type ShipmentCsvResult,
  trackingNumberKey,
} from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import { type OrderRow, personName, remainingOf } from "../orders/orders.service.ts";
import { checkAgainstOrders, csvResult, type Package, readCsv } from "./carrier-csv.ts";
import { cancelLines } from "./desk-cancel.ts";
import { auditOrder, changeOrder, getOrder } from "./desk-change.ts";
import { moveLines, sendBack } from "./desk-production.ts";
import { type LineChoice, refuseUnready, shipLocked } from "./desk-shipping.ts";
import * as repo from "./fulfilment.repository.ts";
import { type FulfilmentDeps, refuseFields, type Staff } from "./fulfilment-deps.ts";

export { parseShipDate } from "./carrier-csv.ts";
export type { FulfilmentDeps, FulfilmentSettings, Staff } from "./fulfilment-deps.ts";

/** What the audit trail records of a shipment. */
const shipDetails = (
  shippedOn: string,
  packages: Package[],
  shipped: { lines: string; progress: string },
  note?: string,
) => ({
  shipped_on: shippedOn,
  packages: packages.map((p) => `${carrierName(p.carrier)} ${p.tracking_number}`).join(", "),
  ...shipped,
  ...(note ? { note } : {}),
});

interface DeskListRequest {
  order_status_id?: number;
  text?: string;
  date_from?: string;
  date_to?: string;
  po_number?: string;
  order_id?: number;
  limit: number;
  offset: number;
}

/**
 * The desk's list: newest first, filtered, a page of it, and per status the orders matching
 * the other filters, each count bounded by DESK_COUNT_CAP (the tabs show "10,000+").
 */
async function listOrders({ orders }: FulfilmentDeps, staff: Staff, f: DeskListRequest): Promise<DeskOrderList> {
  const filter = {
    customerId: staff.customerId,
    text: f.text || undefined,
    dateFrom: f.date_from,
    dateTo: f.date_to,
    poNumber: f.po_number || undefined,
    orderId: f.order_id,
  };
  const rows = await orders.listDeskOrders(filter, f.order_status_id, f.limit, f.offset);
  const byStatus = await orders.countDeskOrdersByStatus(filter, DESK_COUNT_CAP);
  const counts = byStatus.map((c) => ({
    order_status: c.order_status,
    order_status_name: c.order_status_name,
    count: Math.min(c.count, DESK_COUNT_CAP),
    is_capped: c.count > DESK_COUNT_CAP,
  }));
  const counted = f.order_status_id === undefined ? counts : counts.filter((c) => c.order_status === f.order_status_id);
  const sum = counted.reduce((n, c) => n + c.count, 0);
  return {
    items: rows.map((r) => ({
      id: r.id,
      created: r.created.toISOString(),
      order_status: r.order_status,
      order_status_name: r.order_status_name,
      practice_name: r.representation ?? "",
      user_name: personName(r),
      po_number: r.po_number,
      ship_city: r.ship_city,
      ship_state: r.ship_state,
      total_order_amount: r.total_order_amount,
      date_shipped: r.date_shipped?.toISOString() ?? null,
      tracking_number: r.tracking_number,
    })),
    total: Math.min(sum, DESK_COUNT_CAP),
    total_is_capped: sum > DESK_COUNT_CAP || counted.some((c) => c.is_capped),
    counts,
  };
}

/**
 * A plain status change (the contract's ORDER_TRANSITIONS): never from Shipped or Cancelled,
 * to Cancelled only through cancel (which restocks), to Shipped only with a shipment recorded.
 */
function setStatus(
  deps: FulfilmentDeps,
  staff: Staff,
  input: { order_id: number; order_status_id: number; note?: string },
) {
  const { orders } = deps;
  return changeOrder(deps, staff, input.order_id, "change status", async (tx, order) => {
    const to = input.order_status_id;
    if (to === order.order_status_id) {
      throw new AppError("CONFLICT", `Order #${order.id} is already ${orderStatusName(to)}.`);
    }
    if (to === ORDER_STATUS.CANCELLED) {
      throw new AppError(
        "CONFLICT",
        "Use Cancel order to cancel it: cancelling restocks what is left of the order and tells the practice.",
      );
    }
    if (to === ORDER_STATUS.SHIPPED && (await orders.countShipments(tx, order.id)) === 0) {
      throw new AppError(
        "CONFLICT",
        "An order becomes Shipped when its shipment is recorded: use Ship with the carrier and tracking number.",
      );
    }
    await orders.setStatus(tx, order.id, to);
    await orders.recordStatus(tx, order.id, to, staff.userId, input.note ?? null);
    return input.note ? { note: input.note } : {};
  });
}

/** Lines back ordered with the day each is expected; the order becomes (or stays) Back Ordered. */
function backOrder(deps: FulfilmentDeps, staff: Staff, input: BackOrderRequest & { note?: string }) {
  const { orders } = deps;
  return changeOrder(deps, staff, input.order_id, "back order", async (tx, order) => {
    const lines = await orders.orderLines(tx, order.id);
    const today = await repo.findPortalToday(tx);
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    input.lines.forEach((l, i) => {
      const line = lines.find((x) => x.id === l.order_product_id);
      if (!line) fields[`lines.${i}.order_product_id`] = `Line ${l.order_product_id} is not on order #${order.id}.`;
      else if (seen.has(line.id)) fields[`lines.${i}.order_product_id`] = `${line.product_name} is listed twice.`;
      else if (remainingOf(line) === 0)
        fields[`lines.${i}.order_product_id`] = `Every pack of ${line.product_name} is cancelled.`;
      else if (l.expected_date < today) fields[`lines.${i}.expected_date`] = "The expected date is in the past.";
      seen.add(l.order_product_id);
    });
    refuseFields(fields);
    for (const l of input.lines) await orders.setBackorderDate(tx, l.order_product_id, l.expected_date);
    if (order.order_status_id !== ORDER_STATUS.BACK_ORDERED) {
      await orders.setStatus(tx, order.id, ORDER_STATUS.BACK_ORDERED);
    }
    const expected = input.lines
      .map(
        (l) =>
          `${lines.find((x) => x.id === l.order_product_id)?.product_name} expected ${formatUsDate(l.expected_date)}`,
      )
      .join("; ");
    const note = input.note ? `${input.note} (${expected})` : expected;
    await orders.recordStatus(tx, order.id, ORDER_STATUS.BACK_ORDERED, staff.userId, note);
    return { back_ordered: expected, ...(input.note ? { note: input.note } : {}) };
  });
}

/**
 * Ships an open order on a day in one or more packages: shipments, Shipped, date_shipped and
 * tracking_number for the reports, the history, and the practice's email in the outbox — one
 * transaction on the locked order, so of two staff shipping it (or a practice cancelling it)
 * at once, exactly one wins and the other gets 409.
 */
function ship(
  deps: FulfilmentDeps,
  staff: Staff,
  input: { order_id: number; shipped_on: string; packages: Package[]; note?: string; lines?: LineChoice[] },
) {
  return changeOrder(deps, staff, input.order_id, "ship", async (tx, order) => {
    const fields: Record<string, string> = {};
    const today = await repo.findPortalToday(tx);
    if (input.shipped_on > today) fields.shipped_on = "The ship date is in the future.";
    else if (input.shipped_on < portalDay(order.created))
      fields.shipped_on = "The ship date is before the order was placed.";
    const numbers = new Map<string, number>();
    // A part of the order shipped already under a number: never the same package twice.
    const recorded = await recordedPackages(deps, tx, [order.id]);
    const conflicts: Record<string, string> = {};
    input.packages.forEach((p, i) => {
      const key = trackingNumberKey(p.tracking_number);
      if (numbers.has(key)) fields[`packages.${i}.tracking_number`] = "This tracking number is listed twice.";
      else if (recorded.has(`${order.id}\u0000${key}`))
        conflicts[`packages.${i}.tracking_number`] = `Order #${order.id} already shipped a package with this number.`;
      numbers.set(key, i);
    });
    refuseFields(fields);
    refuseFields(conflicts, "CONFLICT");
    const shipped = await shipLocked(deps, tx, staff, order, {
      shippedOn: input.shipped_on,
      packages: input.packages,
      note: input.note,
      lines: input.lines,
    });
    return shipDetails(input.shipped_on, input.packages, shipped, input.note);
  });
}

/** The packages already recorded for these orders, as `order id NUL tracking key`. */
async function recordedPackages({ orders }: FulfilmentDeps, db: Executor, orderIds: number[]) {
  const rows = await orders.listShipmentNumbers(db, orderIds);
  return new Set(rows.map((r) => `${r.order_id}\u0000${trackingNumberKey(r.tracking_number)}`));
}

/** What a carrier CSV would do, row by row; nothing is written. */
async function previewCsv(deps: FulfilmentDeps, staff: Staff, text: string): Promise<ShipmentCsvResult> {
  const { db, orders } = deps;
  const today = await repo.findPortalToday(db);
  const { rows, fileError } = readCsv(text, today);
  if (fileError) return csvResult([], [], fileError);
  const ids = [...new Set(rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])))];
  const found = new Map((await orders.findOrders(db, ids, staff.customerId, false)).map((o) => [o.id, o]));
  const shipping = checkAgainstOrders(rows, found, await recordedPackages(deps, db, ids));
  await refuseUnready(deps, db, rows, shipping);
  return csvResult(rows, [...shipping.keys()], null);
}

/**
 * Ships the good rows of a carrier CSV in one transaction: the orders are locked in id order and
 * every row is checked again under the locks, so an order shipped or cancelled meanwhile (or by
 * the same file applied twice, even at once) is refused, never shipped twice.
 */
async function applyCsv(deps: FulfilmentDeps, staff: Staff, text: string): Promise<ShipmentCsvResult> {
  return inRetriedTransaction(deps.db, async (tx) => {
    const today = await repo.findPortalToday(tx);
    const { rows, fileError } = readCsv(text, today);
    if (fileError) return csvResult([], [], fileError);
    const ids = [...new Set(rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])))];
    const locked = await deps.orders.findOrders(tx, ids, staff.customerId, true);
    const found = new Map(locked.map((o) => [o.id, o]));
    const shipping = checkAgainstOrders(rows, found, await recordedPackages(deps, tx, ids));
    await refuseUnready(deps, tx, rows, shipping);
    for (const [orderId, { shippedOn, packages }] of shipping) {
      const order = found.get(orderId) as OrderRow;
      const shipped = await shipLocked(deps, tx, staff, order, {
        shippedOn,
        packages,
        note: "Shipped from a carrier file",
      });
      await auditOrder(deps, tx, staff, "ship (carrier file)", order, shipDetails(shippedOn, packages, shipped));
    }
    return csvResult(rows, [...shipping.keys()], null);
  });
}

/**
 * The order desk (issue 11, decision 020): administrators move orders on from Active. It changes
 * orders only through the orders service, their owner (decision 031).
 */
export function createFulfilmentService(deps: FulfilmentDeps) {
  return {
    getOrder: (staff: Staff, id: number) => getOrder(deps, staff, id),
    listOrders: (staff: Staff, f: DeskListRequest) => listOrders(deps, staff, f),
    setStatus: (staff: Staff, input: Parameters<typeof setStatus>[2]) => setStatus(deps, staff, input),
    backOrder: (staff: Staff, input: BackOrderRequest & { note?: string }) => backOrder(deps, staff, input),
    ship: (staff: Staff, input: Parameters<typeof ship>[2]) => ship(deps, staff, input),
    /**
     * Cancels what is left of an order, or some packs of some lines, before it ships: restocked
     * through the ledger, amounts recomputed over what is left, Cancelled when nothing is, the
     * history and the practice's email (the orders service does the order's part).
     */
    cancel: (staff: Staff, input: Parameters<typeof cancelLines>[2]) =>
      changeOrder(deps, staff, input.order_id, "cancel", (tx, order) => cancelLines(deps, staff, input, tx, order)),
    /** Lines of one order moved through production (the contract's LINE_TRANSITIONS), one or many. */
    moveLines: (staff: Staff, input: MoveLinesRequest) => moveLines(deps, staff, input),
    /** A line's proof sent back with a note: Pending Proof Approval, and the practice emailed. */
    sendBack: (staff: Staff, input: SendBackLineRequest) => sendBack(deps, staff, input),
    /**
     * A line waiting in Pending Proof Approval goes to Pre Press, in the caller's transaction: the
     * proofs module calls it when the practice approves the sent-back proof again (issue 24 §3).
     * Answers the line's order and name, or undefined when it was not waiting (nothing changes).
     */
    releaseProofHold: (tx: Executor, orderProductId: number) => deps.orders.releaseProofHold(tx, orderProductId),
    /**
     * Every line of the practice's orders for the product that waits in Pending Proof Approval goes
     * to Pre Press with the proof just approved, in the caller's transaction (the print module's
     * approve calls it, decision 046). Answers the lines released (none: nothing changed).
     */
    releaseProofHolds: (tx: Executor, hold: { userId: number; productId: number; proofId: number }) =>
      deps.orders.releaseProofHolds(tx, hold),
    previewCsv: (staff: Staff, text: string) => previewCsv(deps, staff, text),
    applyCsv: (staff: Staff, text: string) => applyCsv(deps, staff, text),
  };
}

export type FulfilmentService = ReturnType<typeof createFulfilmentService>;
