import { ORDER_STATUS } from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { ccOtherThan, orderCancelledMail } from "../mail/templates.ts";
import {
  type LineCancel,
  type OrderLineRow,
  type OrderRow,
  remainingOf,
  unshippedOf,
} from "../orders/orders.service.ts";
import { type FulfilmentDeps, orderLink, refuseFields, type Staff } from "./fulfilment-deps.ts";

/** A staff cancel: the whole order, or packs of some of its lines. */
export interface StaffCancel {
  order_id: number;
  lines?: { order_product_id: number; quantity: number }[];
  note?: string;
}

/**
 * The packs a staff cancel takes off: what is left of every line, or the lines asked for; refused
 * (400, or 409 when more packs are asked for than are left) with a message per line.
 */
function cancelsOf(lines: OrderLineRow[], input: StaffCancel, orderId: number): LineCancel[] {
  if (!input.lines) {
    // What has not shipped: packs that left in a shipment stay on the order (issue 24 §5).
    return lines.filter((l) => unshippedOf(l) > 0).map((line) => ({ line, quantity: unshippedOf(line) }));
  }
  const fields: Record<string, string> = {};
  let conflict = false;
  const cancels: LineCancel[] = [];
  const seen = new Set<number>();
  input.lines.forEach((c, i) => {
    const line = lines.find((l) => l.id === c.order_product_id);
    if (!line) {
      fields[`lines.${i}.order_product_id`] = `Line ${c.order_product_id} is not on order #${orderId}.`;
    } else if (seen.has(line.id)) {
      fields[`lines.${i}.order_product_id`] = `${line.product_name} is listed twice.`;
    } else if (c.quantity > unshippedOf(line)) {
      conflict = true;
      fields[`lines.${i}.quantity`] =
        remainingOf(line) === 0
          ? `Every pack of ${line.product_name} is cancelled already.`
          : unshippedOf(line) === 0
            ? `Every pack of ${line.product_name} left has shipped.`
            : `Only ${unshippedOf(line)} packs of ${line.product_name} are left to cancel.`;
    } else {
      cancels.push({ line, quantity: c.quantity });
    }
    seen.add(c.order_product_id);
  });
  refuseFields(fields, conflict ? "CONFLICT" : "VALIDATION_FAILED");
  return cancels;
}

/**
 * Cancels what is left of a locked order, or some packs of some lines: the orders service restocks
 * them and recomputes the order; then the history and the practice's email.
 */
export async function cancelLines(
  deps: FulfilmentDeps,
  staff: Staff,
  input: StaffCancel,
  tx: Executor,
  order: OrderRow,
) {
  const { orders } = deps;
  const lines = await orders.orderLines(tx, order.id);
  const cancels = cancelsOf(lines, input, order.id);
  const result = await orders.cancelOrderQuantities(tx, order, lines, cancels, {
    userId: staff.userId,
    comment: `Cancelled by staff${input.note ? `: ${input.note}` : ""}`.slice(0, 500),
  });
  const what = cancels.map((c) => `${c.quantity} × ${c.line.product_name}`).join(", ");
  await orders.recordStatus(
    tx,
    order.id,
    result.isCancelled ? ORDER_STATUS.CANCELLED : order.order_status_id,
    staff.userId,
    `${result.isCancelled ? "Order cancelled" : "Cancelled"}: ${what}${input.note ? ` — ${input.note}` : ""}`,
  );
  await queueEmail(tx, {
    kind: "order_cancelled",
    to: [order.email],
    cc: ccOtherThan(await deps.departments.ccEmailsOf(tx, order.department_id), order.email),
    ...orderCancelledMail(
      order,
      {
        isCancelled: result.isCancelled,
        lines: cancels.map((c) => ({ quantity: c.quantity, name: c.line.product_name })),
        note: input.note,
        totalCents: result.amounts.total_order_amount,
      },
      orderLink(deps, order.id),
    ),
  });
  return { cancelled: what, ...(input.note ? { note: input.note } : {}) };
}
