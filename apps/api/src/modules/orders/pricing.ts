import {
  orderAmounts,
  PRODUCT_UNAVAILABLE_MESSAGE,
  type PriceTier,
  priceLine,
  type Quote,
  type QuoteLine,
  quantityRuleOf,
  type SettledQuantity,
  settleQuantity,
  unitPriceFor,
} from "@vetportal/contract";

/**
 * Order amounts, all in integer cents and computed on the server only (DESIGN §6).
 * total = items + pick fees + shipping + processing + tax. The cart's quote and a placed order are
 * both priced by priceOrder below, so the receipt's total is the quoted total (decision 021).
 */
export type PriceRange = PriceTier;
export { orderAmounts, priceLine, quantityRuleOf, unitPriceFor };

/** What pricing and the quantity rule need of a product. */
export interface PricedProduct {
  id: number;
  min_quantity: number;
  max_quantity: number;
  is_in_inventory: boolean;
  no_order_below_zero_inventory: boolean;
  actual_inventory: number;
  pick_fee_cents: number;
  use_quantities_dropdown: boolean;
  quantity_list: string | null;
}

/**
 * Prices an order: each line at its quantity with its product's price ranges and pick fee, then the
 * order's amounts. The one pricing path of both the quote and placing an order (decision 021).
 */
export function priceOrder(
  lines: readonly { product: PricedProduct; ranges: readonly PriceRange[]; quantity: number }[],
  shippingCents: number,
) {
  const priced = lines.map((l) => priceLine(l.ranges, l.product.pick_fee_cents, l.quantity));
  return { lines: priced, amounts: orderAmounts(priced, shippingCents) };
}

/**
 * The quote of a cart (POST /api/order/quote): each line settled to the quantity the portal would
 * accept (settleQuantity, with the reason), priced by priceOrder at that quantity; lines that
 * cannot be ordered (quantity 0) are listed but not charged. A destroy cart costs nothing. Shipping
 * is left out (null) until a delivery method is known.
 */
export function quoteCart(input: {
  items: readonly { id: number; quantity: number }[];
  products: readonly (PricedProduct & { name: string })[];
  ranges: readonly (PriceRange & { product_id: number })[];
  shippingCents: number | null;
  deliveryMethodId: number | null;
  isDestroy: boolean;
}): Omit<Quote, "allowance"> {
  const settled = input.items.map((item) => {
    const product = input.products.find((p) => p.id === item.id);
    if (!product) {
      const gone = { quantity: 0, reason: "unavailable" as const, message: PRODUCT_UNAVAILABLE_MESSAGE };
      return { item, product, name: "", settled: gone };
    }
    // A destroy line is the product's whole stock (SPEC §4): its quantity is not the shop's rule.
    const settled: SettledQuantity = input.isDestroy
      ? { quantity: Math.max(0, Math.floor(item.quantity)), reason: null, message: null }
      : settleQuantity(item.quantity, quantityRuleOf(product));
    return { item, product, name: product.name, settled };
  });
  const charged = input.isDestroy ? [] : settled.filter((s) => s.product && s.settled.quantity > 0);
  const { lines, amounts } = priceOrder(
    charged.map((s) => ({
      product: s.product as PricedProduct,
      ranges: input.ranges.filter((r) => r.product_id === s.item.id),
      quantity: s.settled.quantity,
    })),
    input.shippingCents ?? 0,
  );
  const quoteLines: QuoteLine[] = settled.map((s) => {
    const priced = lines[charged.indexOf(s)];
    return {
      id: s.item.id,
      product_name: s.name,
      requested_quantity: s.item.quantity,
      quantity: s.settled.quantity,
      reason: s.settled.reason,
      message: s.settled.message,
      unit_price_cents: priced?.unit_price_cents ?? 0,
      total_price_cents: priced?.total_price_cents ?? 0,
      pick_fee_cents: priced?.pick_fee_cents ?? 0,
    };
  });
  return {
    lines: quoteLines,
    delivery_method_id: input.deliveryMethodId,
    ...amounts,
    shipping_amount: input.shippingCents,
  };
}
