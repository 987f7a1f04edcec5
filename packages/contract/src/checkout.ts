import { z } from "zod";
import { AllowanceOutcomeSchema } from "./allowances.ts";
import { ApprovalCheckSchema } from "./approvals.ts";
import { IdSchema } from "./primitives.ts";

/*
 * The two rules of a cart line that both ends use (STYLE §11): which price tier a quantity falls in,
 * and which quantity the portal accepts for what was asked. The server prices and places orders with
 * them (apps/api/src/modules/orders/pricing.ts); the web only uses them to mark the tier and to say
 * what it did to a typed quantity — amounts always come from the server's quote (DESIGN §6).
 */

export interface PriceTier {
  min_quantity: number;
  max_quantity: number | null;
  price_cents: number;
}

/** The tier a quantity is charged at: the range that contains it, else the closest below, else the first. */
export function priceTierFor<T extends PriceTier>(ranges: readonly T[], quantity: number): T | undefined {
  const sorted = [...ranges].sort((a, b) => a.min_quantity - b.min_quantity);
  const inRange = sorted.find(
    (r) => quantity >= r.min_quantity && (r.max_quantity === null || quantity <= r.max_quantity),
  );
  return inRange ?? sorted.filter((r) => r.min_quantity <= quantity).at(-1) ?? sorted[0];
}

/** Unit price per pack in cents for an ordered quantity (0 for a product without price ranges). */
export function unitPriceFor(ranges: readonly PriceTier[], quantity: number): number {
  return priceTierFor(ranges, quantity)?.price_cents ?? 0;
}

/*
 * An order's amounts, in integer cents (DESIGN §6): total = items + pick fees + shipping +
 * processing + tax. Only the server prices (apps/api/src/modules/orders/pricing.ts priceOrder); the
 * demo seed and the bench's data generator price their orders with the same functions.
 */

/** Flat processing charge per order, in cents. */
export const PROCESSING_FEE_CENTS = 150;
/** Sales tax in basis points of items + pick fees (7.25 %). */
export const TAX_RATE_BPS = 725;

export interface PricedLine {
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
  pick_fee_cents: number;
}

export function priceLine(ranges: readonly PriceTier[], pickFeePerPack: number, quantity: number): PricedLine {
  const unit = unitPriceFor(ranges, quantity);
  return {
    quantity,
    unit_price_cents: unit,
    total_price_cents: unit * quantity,
    pick_fee_cents: pickFeePerPack * quantity,
  };
}

/** What an order invoices, in cents: items + pick fees + shipping + processing + tax = total. */
export interface OrderAmounts {
  total_items_amount: number;
  pick_fee_amount: number;
  shipping_amount: number;
  processing_amount: number;
  tax_amount: number;
  total_order_amount: number;
}

export function orderAmounts(lines: readonly PricedLine[], shippingCents: number): OrderAmounts {
  const items = lines.reduce((s, l) => s + l.total_price_cents, 0);
  const pick = lines.reduce((s, l) => s + l.pick_fee_cents, 0);
  const tax = Math.round(((items + pick) * TAX_RATE_BPS) / 10_000);
  const processing = lines.length ? PROCESSING_FEE_CENTS : 0;
  return {
    total_items_amount: items,
    pick_fee_amount: pick,
    shipping_amount: shippingCents,
    processing_amount: processing,
    tax_amount: tax,
    total_order_amount: items + pick + shippingCents + processing + tax,
  };
}

/**
 * The quantities a product is sold in when it offers a list (use_quantities_dropdown with
 * quantity_list, e.g. "5, 10, 25"), sorted; null when any whole number within its limits will do.
 */
export function allowedQuantities(product: {
  use_quantities_dropdown: boolean;
  quantity_list: string | null;
}): number[] | null {
  if (!product.use_quantities_dropdown || !product.quantity_list) return null;
  const values = product.quantity_list
    .split(/[\s,;]+/)
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0);
  return values.length ? [...new Set(values)].sort((a, b) => a - b) : null;
}

/** Why the portal accepts a different quantity from the one asked for. */
export const QUANTITY_REASONS = [
  "not_whole",
  "below_min",
  "above_max",
  "not_offered",
  "not_enough_stock",
  "unavailable",
] as const;
export type QuantityReason = (typeof QUANTITY_REASONS)[number];

export interface QuantityRule {
  min_quantity: number;
  max_quantity: number;
  /** The only quantities offered (allowedQuantities), or null. */
  allowed?: readonly number[] | null;
  /** Packs that can be sold now when the product may not go below zero stock; null when unlimited. */
  in_stock?: number | null;
}

export interface SettledQuantity {
  /** The quantity the portal accepts; 0 when the line cannot be ordered at all. */
  quantity: number;
  reason: QuantityReason | null;
  /** What was done and why, e.g. "Raised to the minimum of 5 packs."; null when nothing changed. */
  message: string | null;
}

export const packs = (n: number) => `${n} ${n === 1 ? "pack" : "packs"}`;

function listText(values: readonly number[]) {
  if (values.length === 1) return String(values[0]);
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}

/** A quantity moved into a product's limits: raised to its minimum or lowered to its maximum. */
export function clampQuantity(quantity: number, limits: { min_quantity: number; max_quantity: number }): number {
  return Math.min(Math.max(quantity, limits.min_quantity), limits.max_quantity);
}

/** What the quantity rule reads of a product. */
export interface QuantityRuleProduct {
  min_quantity: number;
  max_quantity: number;
  is_in_inventory: boolean;
  no_order_below_zero_inventory: boolean;
  actual_inventory: number;
  use_quantities_dropdown: boolean;
  quantity_list: string | null;
}

/**
 * The quantity rule of a product (SPEC §5): its limits, the quantities it is offered in, and its
 * stock when it may not go below zero. Pricing, placing and quick order all read it from here.
 */
export function quantityRuleOf(p: QuantityRuleProduct): QuantityRule {
  return {
    min_quantity: p.min_quantity,
    max_quantity: p.max_quantity,
    allowed: allowedQuantities(p),
    in_stock: p.is_in_inventory && p.no_order_below_zero_inventory ? p.actual_inventory : null,
  };
}

/**
 * The quantity accepted for the one asked for, and why it differs (SPEC §5 "Product quantity"):
 * a fraction is rounded down to whole packs, then raised to the minimum or lowered to the maximum,
 * moved to the next quantity the product is offered in, and lowered to the stock when the product
 * may not go below zero. The reason given is the last rule that changed it.
 */
export function settleQuantity(requested: number, rule: QuantityRule): SettledQuantity {
  const min = Math.max(1, rule.min_quantity);
  const max = Math.max(min, rule.max_quantity);
  const allowed = rule.allowed?.filter((n) => n >= min && n <= max) ?? [];
  let reason: QuantityReason | null = null;
  let quantity = Number.isFinite(requested) ? requested : 0;
  if (!Number.isInteger(quantity)) {
    quantity = Math.floor(quantity);
    reason = "not_whole";
  }
  const clamped = clampQuantity(quantity, { min_quantity: min, max_quantity: max });
  if (clamped !== quantity) {
    reason = clamped > quantity ? "below_min" : "above_max";
    quantity = clamped;
  }
  if (allowed.length && !allowed.includes(quantity)) {
    quantity = allowed.find((n) => n >= quantity) ?? (allowed.at(-1) as number);
    reason = "not_offered";
  }
  const stock = rule.in_stock;
  if (stock !== null && stock !== undefined && quantity > stock) {
    const fits = (allowed.length ? allowed : [Math.min(stock, max)]).filter((n) => n <= stock && n >= min);
    quantity = fits.at(-1) ?? 0;
    reason = "not_enough_stock";
  }
  if (reason === null) return { quantity, reason, message: null };
  const message = {
    not_whole: `Rounded down to ${packs(quantity)}: only whole packs can be ordered.`,
    below_min: `Raised to the minimum of ${packs(min)}.`,
    above_max: `Lowered to the maximum of ${packs(max)}.`,
    not_offered: `Changed to ${packs(quantity)}: this product comes in ${listText(allowed)} packs.`,
    not_enough_stock:
      quantity > 0
        ? `Lowered to ${packs(quantity)}: only ${packs(Math.max(0, stock ?? 0))} in stock.`
        : `Not enough stock: ${(stock ?? 0) > 0 ? `only ${packs(stock ?? 0)} left` : "none left"}, and the minimum order is ${packs(min)}.`,
    unavailable: PRODUCT_UNAVAILABLE_MESSAGE,
  }[reason];
  return { quantity, reason, message };
}

/** A line of a cart to quote: only the product id and the quantity are trusted. */
export const QuoteItemSchema = z.object({
  id: IdSchema,
  /** As typed: a fraction or a quantity outside the limits is answered with the quantity accepted. */
  quantity: z
    .number({ error: "Quantity must be a number" })
    .min(0, "Quantity must be 0 or more")
    .max(1_000_000, "Quantity must be at most 1000000"),
  is_destroy: z.boolean().optional(),
});

/** POST /api/order/quote: the cart's lines and, once chosen, the delivery method. */
export const QuoteRequestSchema = z.object({
  items: z.array(QuoteItemSchema).min(1, "The cart is empty").max(100),
  delivery_method_id: IdSchema.optional(),
});
export type QuoteRequest = z.infer<typeof QuoteRequestSchema>;

export const QuoteLineSchema = z.object({
  id: z.number().int(),
  product_name: z.string(),
  requested_quantity: z.number(),
  /** The quantity the server would accept (0: the line cannot be ordered). */
  quantity: z.number().int(),
  reason: z.enum(QUANTITY_REASONS).nullable(),
  message: z.string().nullable(),
  unit_price_cents: z.number().int(),
  total_price_cents: z.number().int(),
  pick_fee_cents: z.number().int(),
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** The amounts of the order the quoted lines (at their accepted quantities) would make, in cents. */
export const QuoteSchema = z.object({
  lines: z.array(QuoteLineSchema),
  /** The delivery method the shipping is for; null when several are offered and none is chosen yet. */
  delivery_method_id: z.number().int().nullable(),
  total_items_amount: z.number().int(),
  pick_fee_amount: z.number().int(),
  /** null until a delivery method is chosen; the total leaves it out until then. */
  shipping_amount: z.number().int().nullable(),
  processing_amount: z.number().int(),
  tax_amount: z.number().int(),
  total_order_amount: z.number().int(),
  /** What the order would do to each allowance programme that counts one of its lines (decision 039). */
  allowance: z.array(AllowanceOutcomeSchema),
  /** Whether the order would be placed Pending Approval, and why (issue 23 §2). */
  approval: ApprovalCheckSchema.optional(),
});
export type Quote = z.infer<typeof QuoteSchema>;

/** Cost centers offered at checkout: those of the user's department (cost_center_departments). */
export const CheckoutCostCenterSchema = z.object({ id: z.number().int(), name: z.string() });

/** What the quote says of a line whose product the user can no longer order. */
export const PRODUCT_UNAVAILABLE_MESSAGE = "This product is no longer available.";
