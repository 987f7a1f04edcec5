import { carrierName, formatUsDate, lineReadyToShip, ORDER_STATUS } from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { shipmentMail } from "../mail/production-templates.ts";
import { ccOtherThan, orderShippedMail } from "../mail/templates.ts";
import { lineProgress, type OrderLineRow, type OrderRow, unshippedOf } from "../orders/orders.service.ts";
import type { CsvRow, Package } from "./carrier-csv.ts";
import { type FulfilmentDeps, orderLink, refuseFields, type Staff } from "./fulfilment-deps.ts";

/*
 * Shipments that split (issue 24 §5, decision 045): a shipment holds chosen lines and packs (or,
 * when none are chosen, every pack left of every line ready to ship: stocked lines, and printed
 * ones); the order is Shipped when its last line is, and stays open until then. Runs on the order
 * locked for the transaction, so two shipments of the same line never both take its packs.
 */

export interface LineChoice {
  order_product_id: number;
  quantity: number;
}

/** Why a line cannot ship now (409), or undefined. */
function notReady(line: OrderLineRow): string | undefined {
  if (unshippedOf(line) === 0)
    return line.shipped_quantity > 0
      ? `Every pack of ${line.product_name} has shipped.`
      : `Every pack of ${line.product_name} is cancelled.`;
  if (!lineReadyToShip(line.production_status_id))
    return `${line.product_name} is not printed yet: it is in production until it is Printing or In Production.`;
  return undefined;
}

/** The packs a shipment takes: the lines chosen (refused per line when any cannot ship), or every ready one. */
export function linesToShip(lines: readonly OrderLineRow[], chosen: LineChoice[] | undefined, orderId: number) {
  if (!chosen) {
    const ready = lines.filter((l) => !notReady(l)).map((l) => ({ line: l, quantity: unshippedOf(l) }));
    if (!ready.length)
      throw new AppError(
        "CONFLICT",
        `Order #${orderId} has nothing ready to ship: its printed lines are still in production.`,
      );
    return ready;
  }
  const invalid: Record<string, string> = {};
  const conflicts: Record<string, string> = {};
  const seen = new Set<number>();
  const taken: { line: OrderLineRow; quantity: number }[] = [];
  chosen.forEach((c, i) => {
    const line = lines.find((l) => l.id === c.order_product_id);
    const key = `lines.${i}.order_product_id`;
    if (!line) invalid[key] = `Line ${c.order_product_id} is not on order #${orderId}.`;
    else if (seen.has(line.id)) invalid[key] = `${line.product_name} is listed twice.`;
    else {
      const refused = notReady(line);
      if (refused) conflicts[key] = refused;
      else if (c.quantity > unshippedOf(line))
        conflicts[`lines.${i}.quantity`] = `Only ${unshippedOf(line)} packs of ${line.product_name} are left to ship.`;
      else taken.push({ line, quantity: c.quantity });
    }
    seen.add(c.order_product_id);
  });
  refuseFields(invalid);
  refuseFields(conflicts, "CONFLICT");
  return taken;
}

/** The order's lines after a shipment took these packs. */
const afterShipping = (lines: readonly OrderLineRow[], taken: readonly { line: OrderLineRow; quantity: number }[]) =>
  lines.map((l) => ({
    ...l,
    shipped_quantity: l.shipped_quantity + (taken.find((x) => x.line.id === l.id)?.quantity ?? 0),
  }));

/**
 * Ships packs of a locked, open order: the shipment with its packages and lines; when no pack is
 * left to ship, the order Shipped with the day and every number (for the reports); the history; and
 * the practice's email for this shipment. Answers what the audit trail records.
 */
export async function shipLocked(
  deps: FulfilmentDeps,
  tx: Executor,
  staff: Staff,
  order: OrderRow,
  shipment: { shippedOn: string; packages: Package[]; note?: string; lines?: LineChoice[] },
) {
  const { shippedOn, packages, note } = shipment;
  const lines = await deps.orders.orderLines(tx, order.id);
  const taken = linesToShip(lines, shipment.lines, order.id);
  const earlier = await deps.orders.countShipments(tx, order.id);
  await deps.orders.recordLineShipment(
    tx,
    { id: order.id, shippedOn, userId: staff.userId },
    packages,
    taken.map((t) => ({ order_product_id: t.line.id, quantity: t.quantity })),
  );
  const after = afterShipping(lines, taken);
  const complete = after.every((l) => unshippedOf(l) === 0);
  const progress = lineProgress(after).summary;
  if (complete) await deps.orders.markShipped(tx, order.id, shippedOn);
  const what = packages.map((p) => `${carrierName(p.carrier)} ${p.tracking_number}`).join(", ");
  const held = taken.map((t) => `${t.quantity} × ${t.line.product_name}`).join(", ");
  const said =
    complete && earlier === 0
      ? `Shipped ${formatUsDate(shippedOn)}: ${what}`
      : `Shipped ${formatUsDate(shippedOn)} (${held}; ${progress}): ${what}`;
  const status = complete ? ORDER_STATUS.SHIPPED : order.order_status_id;
  await deps.orders.recordStatus(tx, order.id, status, staff.userId, note ? `${note} (${what})` : said);
  const cc = ccOtherThan(await deps.departments.ccEmailsOf(tx, order.department_id), order.email);
  const link = orderLink(deps, order.id);
  await queueEmail(tx, {
    kind: complete ? "order_shipped" : "shipment_shipped",
    to: [order.email],
    cc,
    // An order that leaves whole in one shipment gets the order's shipped email, as before.
    ...(complete && earlier === 0
      ? orderShippedMail(order, shippedOn, packages, link)
      : shipmentMail(
          order,
          {
            shippedOn,
            packages,
            lines: taken.map((t) => ({ name: t.line.product_name, quantity: t.quantity })),
            progress,
            complete,
          },
          link,
        )),
  });
  return { lines: held, progress };
}

/**
 * A carrier file ships every line ready of each order it names; an order with none ready (its
 * printed lines still in production) is refused row by row, and the rest of the file still ships.
 */
export async function refuseUnready(
  deps: FulfilmentDeps,
  db: Executor,
  rows: CsvRow[],
  shipping: Map<number, unknown>,
) {
  for (const orderId of [...shipping.keys()]) {
    const lines = await deps.orders.orderLines(db, orderId);
    if (lines.some((l) => !notReady(l))) continue;
    shipping.delete(orderId);
    for (const row of rows) {
      if (row.order_id === orderId && !row.error)
        row.error = `Order #${orderId} has nothing ready to ship: its printed lines are still in production.`;
    }
  }
}
