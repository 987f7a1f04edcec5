import { z } from "zod";
import { ServerCartSchema } from "./cart.ts";
import { dbText } from "./primitives.ts";

/*
 * Quick order (issue 23 §3): lines of "SKU, quantity" typed, pasted from a spreadsheet or read from
 * a CSV file, checked on the server against the practice's catalogue; the good lines go into the
 * server cart at once, the refused ones come back with the reason (decision 041).
 */

/** Lines one quick order reads at most (a cart holds at most 100 products). */
export const QUICK_ORDER_MAX_LINES = 100;
/** Characters one quick order reads at most: 100 lines of a wide spreadsheet, with room to spare. */
export const QUICK_ORDER_MAX_CHARS = 20_000;

export const QUICK_ORDER_MESSAGES = {
  empty: "Type or paste at least one line of SKU and quantity.",
  tooLong: `The text is too long: at most ${QUICK_ORDER_MAX_CHARS.toLocaleString("en-US")} characters (about ${QUICK_ORDER_MAX_LINES} lines).`,
  tooManyLines: (n: number) =>
    `${n} lines is too many: a quick order takes at most ${QUICK_ORDER_MAX_LINES} lines. Split it in two.`,
} as const;

/** POST /api/quick-order/add: the pasted text or the CSV file's contents, one line per product. */
export const QuickOrderRequestSchema = z.object({
  text: dbText("Type or paste the lines as text").max(QUICK_ORDER_MAX_CHARS, QUICK_ORDER_MESSAGES.tooLong),
});
export type QuickOrderRequest = z.infer<typeof QuickOrderRequestSchema>;

/** Why a line was refused. */
export const QUICK_ORDER_REASONS = [
  /** No SKU in the line. */
  "missing_sku",
  /** The quantity is missing, not a whole number, or not above 0. */
  "bad_quantity",
  /** No product with this SKU among those the practice may order. */
  "unknown_sku",
  /** Several products the practice may order carry this SKU. */
  "ambiguous_sku",
  "below_min",
  /** Above the maximum, counting what the cart already holds. */
  "above_max",
  "not_offered",
  "not_enough_stock",
  /** The product is in the cart as stock to destroy (administrators). */
  "in_cart_to_destroy",
  /** The cart would hold more products than a cart may. */
  "cart_full",
  /** Over the practice's allowance (issue 23 §1; filled in by the allowances' preview). */
  "over_allowance",
] as const;
export type QuickOrderReason = (typeof QUICK_ORDER_REASONS)[number];

export const QuickOrderProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  package_quantity: z.number().int(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  /** Price per pack at this line's quantity (with what the cart already holds), in cents. */
  unit_price_cents: z.number().int(),
  /** This line's quantity at that price, in cents. */
  line_total_cents: z.number().int(),
});

export const QuickOrderLineSchema = z.object({
  /** The line of the text it was read from (1 is the first line). */
  line: z.number().int(),
  /** Later lines of the same SKU added into this one. */
  merged_lines: z.array(z.number().int()),
  sku: z.string(),
  /** The quantity as written (a refused quantity is shown back for fixing). */
  quantity_text: z.string(),
  /** The quantity read (the merged lines' sum); null when none could be read. */
  quantity: z.number().int().nullable(),
  status: z.enum(["added", "refused"]),
  reason: z.enum(QUICK_ORDER_REASONS).nullable(),
  /** What happened, in the practice's words: "Added 5 packs." or why it was refused. */
  message: z.string(),
  /** The product the SKU names, when one was found. */
  product: QuickOrderProductSchema.nullable(),
  /** Packs of this product in the cart after this quick order. */
  in_cart: z.number().int(),
});
export type QuickOrderLine = z.infer<typeof QuickOrderLineSchema>;

export const QuickOrderResultSchema = z.object({
  lines: z.array(QuickOrderLineSchema),
  /** Whether the first line was read as a header row and skipped. */
  header_skipped: z.boolean(),
  added: z.number().int(),
  refused: z.number().int(),
  /** The whole cart after the good lines went in. */
  cart: ServerCartSchema,
});
export type QuickOrderResult = z.infer<typeof QuickOrderResultSchema>;

/** The key two SKUs are the same under: no case, no surrounding spaces. */
export const skuKey = (sku: string) => sku.trim().toLowerCase();
