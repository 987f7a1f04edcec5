import { FIRST_PRODUCTION_STATUS } from "@vetportal/contract";
import type { StockChange } from "../../db/sql/stock-change.ts";
import { addBusinessDays, estimatedShipDay } from "../../lib/business-days.ts";

/*
 * Personalised lines are made to order (issue 24 §4, decision 045): they take no finished stock
 * (a product may consume a blank's stock instead), their ship day adds the product's production
 * days, and they start in production at Pre Press. Stocked lines are as before.
 */

interface MadeProduct {
  id: number;
  is_in_inventory: boolean;
  is_customizable: boolean;
  blank_product_id: number | null;
  production_days: number;
  cutoff_time: number;
}

/** The day a line ships: the cut-off's day, plus the production days of a personalised product. */
export function lineShipDay(now: Date, p: MadeProduct): Date {
  const day = estimatedShipDay(now, p.cutoff_time);
  return p.is_customizable && p.production_days > 0 ? addBusinessDays(day, p.production_days) : day;
}

/** A line's first production status: Pre Press for a personalised one, none for a stocked one. */
export const firstProductionStatus = (p: Pick<MadeProduct, "is_customizable">) =>
  p.is_customizable ? FIRST_PRODUCTION_STATUS : null;

/** Which product's stock a line takes: its own when stocked and tracked, its blank's when personalised, else none. */
export function stockTakenBy(p: MadeProduct): number | null {
  if (p.is_customizable) return p.blank_product_id;
  return p.is_in_inventory ? p.id : null;
}

/**
 * The stock an order sells, one change per product (two lines may take the same blank): each
 * line's packs from the product stockTakenBy names.
 */
export function salesOf(
  lines: readonly { product: MadeProduct; quantity: number }[],
  base: Omit<StockChange, "productId" | "delta">,
): StockChange[] {
  const byProduct = new Map<number, number>();
  for (const l of lines) {
    const id = stockTakenBy(l.product);
    if (id !== null) byProduct.set(id, (byProduct.get(id) ?? 0) + l.quantity);
  }
  return [...byProduct].map(([productId, quantity]) => ({ ...base, productId, delta: -quantity }));
}
