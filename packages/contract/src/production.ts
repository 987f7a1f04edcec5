import { z } from "zod";
import { ORDER_STATUS, orderStatusName } from "./orders.ts";
import { dbInt, dbText, IdSchema } from "./primitives.ts";
import type { LineProgress } from "./tracking.ts";

/*
 * Production at the desk (issue 24 §4–§5, decision 045): a personalised line (its product
 * `is_customizable`) is made to order and moves through production on its own, line by line; a
 * stocked line has no production status. Lines ship in shipments of their own.
 */

/** The production statuses a personalised line moves through, in the desk's order (order status ids). */
export const PRODUCTION_STATUSES = [
  ORDER_STATUS.PENDING_PROOF_APPROVAL,
  ORDER_STATUS.PRE_PRESS,
  ORDER_STATUS.PRINTING,
  ORDER_STATUS.IN_PRODUCTION,
] as const;
export type ProductionStatusId = (typeof PRODUCTION_STATUSES)[number];

/** Where a personalised line starts when its order is placed (or approved). */
export const FIRST_PRODUCTION_STATUS = ORDER_STATUS.PRE_PRESS;

/**
 * The line transition table: from each production status, where staff may move a line. Pending
 * Proof Approval is entered only by sending the proof back (with a note, the practice is emailed)
 * and left only for Pre Press (the practice approved again, or staff release it). Pre Press,
 * Printing and In Production go forward or back one step; Pre Press may also go back to Pending
 * Proof Approval through send back. The API enforces it; the desk reads it to offer the moves.
 */
export const LINE_TRANSITIONS: Readonly<Record<ProductionStatusId, readonly ProductionStatusId[]>> = {
  [ORDER_STATUS.PENDING_PROOF_APPROVAL]: [ORDER_STATUS.PRE_PRESS],
  [ORDER_STATUS.PRE_PRESS]: [ORDER_STATUS.PRINTING],
  [ORDER_STATUS.PRINTING]: [ORDER_STATUS.PRE_PRESS, ORDER_STATUS.IN_PRODUCTION],
  [ORDER_STATUS.IN_PRODUCTION]: [ORDER_STATUS.PRINTING],
};

/** The statuses a line may be sent back from (changes requested): any before it is finished printing. */
export const SEND_BACK_FROM: readonly number[] = [ORDER_STATUS.PRE_PRESS, ORDER_STATUS.PRINTING];

/** A personalised line is printed (and may ship) once it is Printing or In Production. */
export const SHIPPABLE_PRODUCTION: readonly number[] = [ORDER_STATUS.PRINTING, ORDER_STATUS.IN_PRODUCTION];

export function canMoveLine(from: number | null, to: number): boolean {
  if (from === null) return false;
  return (LINE_TRANSITIONS as Record<number, readonly number[]>)[from]?.includes(to) ?? false;
}

/** Whether a line may ship now: a stocked line always, a personalised one once printed. */
export function lineReadyToShip(productionStatus: number | null): boolean {
  return productionStatus === null || SHIPPABLE_PRODUCTION.includes(productionStatus);
}

export function productionStatusName(id: number | null): string | null {
  return id === null ? null : orderStatusName(id);
}

/** What a line's production says of it on the practice's page ("printing", "in pre press"). */
export function productionWord(id: number): string {
  return orderStatusName(id).toLowerCase();
}

const ProductionStatusIdSchema = dbInt("Choose a production status")
  .refine((id) => (PRODUCTION_STATUSES as readonly number[]).includes(id), {
    message: "Choose Pre Press, Printing or In Production",
  })
  .meta({ enum: [...PRODUCTION_STATUSES] });

const LineNoteSchema = dbText()
  .trim()
  .max(1000, "Keep the note under 1000 characters")
  .optional()
  .transform((v) => v || undefined);

/** POST /api/fulfilment/lines/move: lines of one order moved to a production status, with an optional note. */
export const MoveLinesRequestSchema = z.object({
  order_id: IdSchema,
  order_product_ids: z.array(IdSchema).min(1, "Choose at least one line").max(100, "At most 100 lines"),
  production_status_id: ProductionStatusIdSchema,
  note: LineNoteSchema,
});
export type MoveLinesRequest = z.infer<typeof MoveLinesRequestSchema>;

/** POST /api/fulfilment/lines/sendBack: changes requested on a line's proof; it waits in Pending Proof Approval. */
export const SendBackLineRequestSchema = z.object({
  order_id: IdSchema,
  order_product_id: IdSchema,
  note: dbText("Say what needs to change")
    .trim()
    .min(1, "Say what needs to change")
    .max(1000, "Keep the note under 1000 characters"),
});
export type SendBackLineRequest = z.infer<typeof SendBackLineRequestSchema>;

/** A line and packs chosen for a shipment. */
export const ShipLineRequestSchema = z.object({
  order_product_id: IdSchema,
  quantity: dbInt().min(1, "Ship at least one pack"),
});

/** The sentence a practice and the desk read of an order's lines. */
export function lineProgressOf(
  lines: readonly { open: boolean; shipped: boolean; production_status_id: number | null }[],
): LineProgress {
  const counted = lines.filter((l) => l.open || l.shipped);
  const shipped = counted.filter((l) => l.shipped).length;
  const waiting = new Map<string, number>();
  for (const l of counted) {
    if (l.shipped || l.production_status_id === null) continue;
    const word = productionWord(l.production_status_id);
    waiting.set(word, (waiting.get(word) ?? 0) + 1);
  }
  const in_production = [...waiting].map(([status, count]) => ({ status, count }));
  const parts = [`${shipped} of ${counted.length} ${counted.length === 1 ? "line" : "lines"} shipped`];
  for (const p of in_production) parts.push(`${p.count} ${p.status}`);
  return { lines: counted.length, shipped, in_production, summary: parts.join(", ") };
}
