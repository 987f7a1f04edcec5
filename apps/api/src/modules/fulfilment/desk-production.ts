import {
  canMoveLine,
  type MoveLinesRequest,
  ORDER_STATUS,
  orderStatusName,
  SEND_BACK_FROM,
  type SendBackLineRequest,
} from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { proofChangesRequestedMail } from "../mail/production-templates.ts";
import { ccOtherThan } from "../mail/templates.ts";
import { type OrderLineRow, unshippedOf } from "../orders/orders.service.ts";
import { changeOrder } from "./desk-change.ts";
import { type FulfilmentDeps, orderLink, refuseFields, type Staff } from "./fulfilment-deps.ts";

/*
 * Production at the desk (issue 24 §4, decision 045): staff move personalised lines through the
 * contract's LINE_TRANSITIONS one or many at a time, or send a line's proof back. Each change runs
 * on the order locked for its transaction (changeOrder), so of two staff moving one line at once
 * the second reads the line as the first left it and is refused (409): exactly one wins.
 */

/** Why a line of the order cannot move in production at all (400), or undefined. */
function notMovable(line: OrderLineRow | undefined, id: number, orderId: number): string | undefined {
  if (!line) return `Line ${id} is not on order #${orderId}.`;
  if (line.production_status_id === null) return `${line.product_name} is a stocked line: it is not printed.`;
  return undefined;
}

/** Why a personalised line cannot go from where it is to `to` now (409), or undefined. */
function moveConflict(line: OrderLineRow, to: number): string | undefined {
  if (unshippedOf(line) === 0) return `${line.product_name} has no packs left to make: they shipped or were cancelled.`;
  const from = line.production_status_id as number;
  if (from === to) return `${line.product_name} is already ${orderStatusName(to)}.`;
  if (to === ORDER_STATUS.PENDING_PROOF_APPROVAL)
    return `Use Send back to ask the practice for changes: ${line.product_name} then waits for its proof.`;
  if (!canMoveLine(from, to))
    return `${line.product_name} cannot go from ${orderStatusName(from)} to ${orderStatusName(to)}.`;
  return undefined;
}

/** The order's lines named by the request, refused with a message per line when any cannot move. */
async function linesToMove(deps: FulfilmentDeps, tx: Executor, orderId: number, ids: number[], to: number) {
  const lines = await deps.orders.orderLines(tx, orderId);
  const invalid: Record<string, string> = {};
  const conflicts: Record<string, string> = {};
  const seen = new Set<number>();
  const chosen: OrderLineRow[] = [];
  ids.forEach((id, i) => {
    const line = lines.find((l) => l.id === id);
    const refused = seen.has(id) ? `Line ${id} is listed twice.` : notMovable(line, id, orderId);
    seen.add(id);
    if (refused) invalid[`order_product_ids.${i}`] = refused;
    else if (line) {
      const conflict = moveConflict(line, to);
      if (conflict) conflicts[`order_product_ids.${i}`] = conflict;
      else chosen.push(line);
    }
  });
  refuseFields(invalid);
  refuseFields(conflicts, "CONFLICT");
  return chosen;
}

/** What the audit trail records of lines moved: "Name: Pre Press → Printing" for each. */
const movesOf = (lines: OrderLineRow[], to: number) =>
  lines
    .map(
      (l) =>
        `${l.product_name} (line ${l.id}): ${orderStatusName(l.production_status_id as number)} → ${orderStatusName(to)}`,
    )
    .join("; ");

/** Moves lines of one order to a production status, all or none. */
export function moveLines(deps: FulfilmentDeps, staff: Staff, input: MoveLinesRequest) {
  const to = input.production_status_id;
  return changeOrder(deps, staff, input.order_id, "move lines", async (tx, order) => {
    const lines = await linesToMove(deps, tx, order.id, input.order_product_ids, to);
    await deps.orders.setLinesProduction(
      tx,
      lines.map((l) => l.id),
      to,
    );
    return { lines: movesOf(lines, to), ...(input.note ? { note: input.note } : {}) };
  });
}

/**
 * Changes requested on a line's proof: the line waits in Pending Proof Approval and the practice is
 * emailed the note (with the department's cc), in the same transaction.
 */
export function sendBack(deps: FulfilmentDeps, staff: Staff, input: SendBackLineRequest) {
  return changeOrder(deps, staff, input.order_id, "send back", async (tx, order) => {
    const lines = await deps.orders.orderLines(tx, order.id);
    const line = lines.find((l) => l.id === input.order_product_id);
    const invalid = notMovable(line, input.order_product_id, order.id);
    refuseFields(invalid ? { order_product_id: invalid } : {});
    const held = line as OrderLineRow;
    const from = held.production_status_id as number;
    if (unshippedOf(held) === 0 || !SEND_BACK_FROM.includes(from)) {
      refuseFields(
        {
          order_product_id:
            unshippedOf(held) === 0
              ? `${held.product_name} has no packs left to make.`
              : `${held.product_name} is ${orderStatusName(from)}: only a line in Pre Press or Printing can be sent back.`,
        },
        "CONFLICT",
      );
    }
    await deps.orders.setLinesProduction(tx, [held.id], ORDER_STATUS.PENDING_PROOF_APPROVAL);
    await queueEmail(tx, {
      kind: "proof_changes_requested",
      to: [order.email],
      cc: ccOtherThan(await deps.departments.ccEmailsOf(tx, order.department_id), order.email),
      ...proofChangesRequestedMail(order, { name: held.product_name, note: input.note }, orderLink(deps, order.id)),
    });
    return { lines: movesOf([held], ORDER_STATUS.PENDING_PROOF_APPROVAL), note: input.note };
  });
}
