import { ORDER_STATUS, orderAmounts, periodStart, portalDay, priceLine } from "@vetportal/contract";
import type { SeedContext } from "./context.ts";
import { DAY, HOUR } from "./random.ts";
import type { SeededProduct } from "./seed-catalog.ts";
import {
  type HistoryInput,
  type KeptLine,
  type Ledger,
  orderLines,
  orderRow,
  type SeededOrder,
} from "./seed-orders.ts";

/*
 * The demo programme in use (issue 23): each demo practice has ordered client-education packs this
 * quarter. The simulated history orders at random; this step adds, for each practice whose history
 * used less of the programme this quarter than its target, one order of the programme's products
 * that makes up the rest (like the history, it does not ask which categories a practice sees: the
 * New York practices, which do not see 2100, have such orders in the history too). The orders are ordinary seeded orders (stock taken through the inventory
 * ledger); seed-allowances.ts then writes every order of the quarter into the allowance ledger.
 */

/** What the step needs to know of the programme: the categories it counts and each practice's target use. */
export interface ProgrammeUse {
  categories: readonly number[];
  /** Packs each practice (by index) should have used this quarter. */
  targets: number[];
}

/** Packs of the programme's categories an order still holds (its lines less what was cancelled). */
function programmePacks(order: SeededOrder, inScope: Set<number>): number {
  return order.lines.reduce(
    (sum, l) => (inScope.has(l.product_id) ? sum + l.quantity - (l.cancelled_quantity ?? 0) : sum),
    0,
  );
}

/** Lines of up to three kits that add up to `packs`, within each product's min, max and stock. */
function kitLines(products: SeededProduct[], packs: number, balance: Map<number, number>): KeptLine[] {
  const lines: KeptLine[] = [];
  let left = packs;
  for (const p of products) {
    if (left <= 0 || lines.length === 3) break;
    const quantity = Math.min(left, p.max);
    if (quantity < p.min) continue;
    if (p.inInventory && p.forbidsNegative && (balance.get(p.id) ?? 0) < quantity) continue;
    lines.push({ p, priced: priceLine(p.ranges, p.pickFee, quantity), cancelled: 0 });
    left -= quantity;
  }
  return lines;
}

/** A time in the current quarter before now: a few days back, or just now early in a quarter. */
function placedAt(now: Date, quarterStart: string, i: number): Date {
  const back = new Date(now.getTime() - (2 + (i % 9) * 3) * DAY - (i % 5) * HOUR);
  if (portalDay(back) >= quarterStart) return back;
  const recent = new Date(now.getTime() - 60_000);
  return portalDay(recent) >= quarterStart ? recent : new Date(now.getTime() - 1000);
}

/** The hook for seedOrderHistory's `addOrders`: one make-up order per practice below its target. */
export function programmeOrders(use: ProgrammeUse) {
  return (ctx: SeedContext, input: HistoryInput, ledger: Ledger, orders: SeededOrder[]) => {
    const { now } = input;
    const quarterStart = periodStart("quarter", portalDay(now));
    const inScope = new Set(input.products.filter((p) => use.categories.includes(p.categoryId)).map((p) => p.id));
    const method = input.methods.find((m) => m.id === 1) ?? input.methods[0];
    for (const [i, practice] of input.practices.entries()) {
      const used = orders
        .filter((o) => o.row.user_id === practice.user.id && portalDay(o.row.created as Date) >= quarterStart)
        .reduce((sum, o) => sum + programmePacks(o, inScope), 0);
      const need = (use.targets[i] ?? 0) - used;
      if (need <= 0) continue;
      const kits = input.products.filter((p) => inScope.has(p.id));
      // A different first kit per practice, so the demo's orders are not all of one product.
      const rotated = [...kits.slice(i % kits.length), ...kits.slice(0, i % kits.length)];
      const lines = kitLines(rotated, need, ledger.balance);
      if (!lines.length) continue;
      const at = placedAt(now, quarterStart, i);
      const shipped = now.getTime() - at.getTime() > 3 * DAY ? new Date(at.getTime() + DAY) : null;
      const status = shipped ? ORDER_STATUS.SHIPPED : ORDER_STATUS.ACTIVE;
      const amounts = orderAmounts(
        lines.map((l) => l.priced),
        method?.shipping_cents ?? 0,
      );
      orders.push({
        row: orderRow(
          ctx,
          { at, practice, status, deliveryId: method?.id ?? 1, shipped },
          amounts,
          input.costCentersOf,
        ),
        lines: orderLines(ctx.rnd, { at, status, shipped, maxBusinessDays: method?.max_business_days ?? 5 }, lines),
        history: [
          { status: ORDER_STATUS.ACTIVE, at },
          ...(shipped ? [{ status: ORDER_STATUS.SHIPPED, at: shipped }] : []),
        ],
      });
      for (const l of lines)
        if (l.p.inInventory) ledger.move(l.p.id, "sale", -l.priced.quantity, at, orders.length - 1);
    }
  };
}
