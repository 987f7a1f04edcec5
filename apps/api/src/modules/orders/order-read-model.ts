import {
  formatPst,
  type LineProgress,
  lineProgressOf,
  ORDER_STATUS,
  type PlacedBy,
  portalDay,
  type Shipment,
  type ShipmentGroup,
  type StatusEvent,
} from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import {
  findOrderPage,
  type OrderPageEvent,
  type OrderPageLine,
  type OrderPagePackage,
} from "./order-page.repository.ts";
import type * as repo from "./orders.repository.ts";

/*
 * The order read model the practice's order page (orders.service getOrder) and the order desk's
 * (fulfilment.service getOrder) share: the sheet straight from the order row, the names beside it,
 * its lines, its status timeline and its packages. The desk reads it through the orders service.
 */

export type OrderRow = repo.OrderRow;
export type OrderLineRow = repo.OrderLineRow;

/** The text for an order that has shipped, was cancelled, or is in another status: refusals name which. */
export function byFinalStatus(statusId: number, texts: { shipped: string; cancelled: string; other: string }) {
  if (statusId === ORDER_STATUS.SHIPPED) return texts.shipped;
  return statusId === ORDER_STATUS.CANCELLED ? texts.cancelled : texts.other;
}

/** Packs of a line that are not cancelled. */
export const remainingOf = (line: Pick<OrderLineRow, "quantity" | "cancelled_quantity">) =>
  line.quantity - line.cancelled_quantity;

/** Packs of a line neither shipped nor cancelled: what is left to ship (issue 24 §5). */
export const unshippedOf = (line: Pick<OrderLineRow, "quantity" | "cancelled_quantity" | "shipped_quantity">) =>
  line.quantity - line.cancelled_quantity - line.shipped_quantity;

/** A person as the portal names them: first and last name, else the practice. */
export const personName = (p: { first_name: string | null; last_name: string | null; representation: string | null }) =>
  [p.first_name, p.last_name].filter(Boolean).join(" ") || (p.representation ?? "");

/** The ship-to copied onto an order, as the order pages show it. */
export function shipToOf(
  order: Pick<OrderRow, "ship_name" | "ship_line1" | "ship_line2" | "ship_city" | "ship_state" | "ship_zip_code">,
) {
  return {
    name: order.ship_name,
    line1: order.ship_line1,
    line2: order.ship_line2,
    city: order.ship_city,
    state: order.ship_state,
    zip_code: order.ship_zip_code,
  };
}

/**
 * What both the practice's and the staff's order pages show straight from the order row: when it
 * was placed, the contact, the ship-to, the amounts and the shipping.
 */
export function orderSheetOf(order: OrderRow) {
  return {
    created: order.created.toISOString(),
    order_created: formatPst(order.created),
    contact_name: order.contact_name,
    contact_phone: order.contact_phone,
    email: order.email,
    po_number: order.po_number,
    shipping_address: shipToOf(order),
    shipping_instruction: order.shipping_instruction,
    total_items_amount: order.total_items_amount,
    pick_fee_amount: order.pick_fee_amount,
    shipping_amount: order.shipping_amount,
    processing_amount: order.processing_amount,
    tax_amount: order.tax_amount,
    total_order_amount: order.total_order_amount,
    date_shipped: order.date_shipped?.toISOString() ?? null,
    tracking_number: order.tracking_number,
  };
}

/** Packages as the pages show them: carrier, tracking number, day. */
export const shipmentsOf = (packages: readonly Shipment[]): Shipment[] =>
  packages.map(({ carrier, tracking_number, shipped_on }) => ({ carrier, tracking_number, shipped_on }));

/** Tracking numbers an order kept in orders.tracking_number alone (demo or imported history). */
export function legacyShipments(order: Pick<OrderRow, "tracking_number" | "date_shipped">): Shipment[] {
  return (order.tracking_number ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)
    .map((tracking_number) => ({
      carrier: null,
      tracking_number,
      shipped_on: order.date_shipped ? portalDay(order.date_shipped) : null,
    }));
}

/** A line as its shipping and production are read: packs ordered, cancelled, shipped, its status. */
type ShippingLine = Pick<OrderLineRow, "quantity" | "cancelled_quantity" | "shipped_quantity" | "production_status_id">;

/** "2 of 3 lines shipped, 1 printing": lines with packs left to ship and lines shipped whole. */
export const lineProgress = (lines: readonly ShippingLine[]): LineProgress =>
  lineProgressOf(
    lines.map((l) => ({
      open: unshippedOf(l) > 0,
      shipped: unshippedOf(l) === 0 && l.shipped_quantity > 0,
      production_status_id: l.production_status_id,
    })),
  );

/** An order's shipments, each its packages (the first and those that left with it) and its lines. */
export function shipmentGroupsOf(
  packages: readonly OrderPagePackage[],
  lines: readonly Pick<OrderPageLine, "id" | "product_name">[],
): ShipmentGroup[] {
  return packages
    .filter((p) => p.shipment_of === null)
    .map((first) => ({
      id: first.id,
      shipped_on: first.shipped_on,
      packages: shipmentsOf(packages.filter((p) => p.id === first.id || p.shipment_of === first.id)),
      lines: first.lines.map((l) => ({
        order_product_id: l.order_product_id,
        product_name: lines.find((x) => x.id === l.order_product_id)?.product_name ?? "",
        quantity: l.quantity,
      })),
    }));
}

/**
 * An order's status timeline and packages as the practice's and the staff's order pages show them.
 * An order shipped before shipments were recorded shows its tracking numbers without a carrier.
 */
function timelineOf(
  order: Pick<OrderRow, "user_id" | "tracking_number" | "date_shipped">,
  events: readonly OrderPageEvent[],
  packages: readonly Shipment[],
): { history: StatusEvent[]; shipments: Shipment[] } {
  const history = events.map((e) => ({
    order_status: e.order_status,
    order_status_name: e.order_status_name,
    // JSON carries the timestamp as text; a Date keeps the driver's millisecond ISO form.
    created: new Date(e.created).toISOString(),
    user_name: personName(e),
    by_staff: e.user_id !== order.user_id,
    note: e.note,
  }));
  const shipments: Shipment[] = packages.length ? shipmentsOf(packages) : legacyShipments(order);
  return { history, shipments };
}

/**
 * Who placed an order when it was not the practice itself (decision 042): the administrator's name
 * and the practice's; null on an order the practice placed (or placed before it was recorded).
 */
export function placedByOf(
  order: Pick<OrderRow, "user_id" | "placed_by_user_id">,
  names:
    | {
        representation: string | null;
        first_name: string | null;
        last_name: string | null;
        placer_first_name: string | null;
        placer_last_name: string | null;
        placer_email: string | null;
      }
    | undefined,
): PlacedBy | null {
  if (order.placed_by_user_id === null || order.placed_by_user_id === order.user_id || !names) return null;
  const admin = [names.placer_first_name, names.placer_last_name].filter(Boolean).join(" ") || names.placer_email;
  return { admin_name: admin ?? "", practice_name: names.representation || personName(names) };
}

/**
 * An order the reader may read with everything its page shows beside the order row: the names
 * (customer, orderer, status, delivery method, department, cost center), the lines as placed, the
 * status timeline and the packages — all read in one statement (order-page.repository, decision
 * 038). Undefined when the reader may not read it.
 */
export async function readOrder(db: Executor, id: number, reader: repo.OrderReader) {
  const page = await findOrderPage(db, id, reader);
  if (!page) return undefined;
  const { order, names, lines, history: events, packages } = page;
  return {
    order,
    names,
    lines,
    ...timelineOf(order, events, packages),
    shipmentGroups: shipmentGroupsOf(packages, lines),
    lineProgress: lineProgress(lines),
    placedBy: placedByOf(order, names),
  };
}

/** The sheet of an order already read (the desk's, after a change): `readOrder` without the row. */
export async function readOrderSheet(db: Executor, order: Pick<OrderRow, "id" | "customer_id">) {
  const read = await readOrder(db, order.id, { customerId: order.customer_id });
  if (!read)
    return {
      names: undefined,
      lines: [],
      history: [],
      shipments: [],
      shipmentGroups: [],
      lineProgress: lineProgress([]),
      placedBy: null,
    };
  const { order: _order, ...sheet } = read;
  return sheet;
}
