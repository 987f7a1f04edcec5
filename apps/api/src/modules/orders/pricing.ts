/**
 * Order amounts, all in integer cents and computed on the server only (DESIGN §6).
 * total = items + pick fees + shipping + processing + tax.
 */
export interface PriceRange {
  min_quantity: number;
  max_quantity: number | null;
  price_cents: number;
}

/** Flat processing charge per order, in cents. */
export const PROCESSING_FEE_CENTS = 150;
/** Sales tax in basis points of items + pick fees (7.25 %). */
export const TAX_RATE_BPS = 725;

/** Unit price per pack for an ordered quantity: the range that contains it, else the closest below. */
export function unitPriceFor(ranges: readonly PriceRange[], quantity: number): number {
  const sorted = [...ranges].sort((a, b) => a.min_quantity - b.min_quantity);
  const inRange = sorted.find(
    (r) => quantity >= r.min_quantity && (r.max_quantity === null || quantity <= r.max_quantity),
  );
  const fallback = sorted.filter((r) => r.min_quantity <= quantity).at(-1) ?? sorted[0];
  return (inRange ?? fallback)?.price_cents ?? 0;
}

export interface PricedLine {
  quantity: number;
  unit_price_cents: number;
  total_price_cents: number;
  pick_fee_cents: number;
}

export function priceLine(ranges: readonly PriceRange[], pickFeePerPack: number, quantity: number): PricedLine {
  const unit = unitPriceFor(ranges, quantity);
  return {
    quantity,
    unit_price_cents: unit,
    total_price_cents: unit * quantity,
    pick_fee_cents: pickFeePerPack * quantity,
  };
}

export function orderAmounts(lines: readonly PricedLine[], shippingCents: number) {
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
