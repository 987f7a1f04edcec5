import {
  balanceText,
  CART_MAX_LINES,
  displayProductName,
  packs,
  type QuickOrderLine,
  type QuickOrderReason,
  type QuickOrderResult,
  quantityRuleOf,
  settleQuantity,
  skuKey,
  unitPriceFor,
} from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AllowancesService } from "../allowances/allowances.service.ts";
import type { CartLine, CartService } from "../cart/cart.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import { echo, type LineGroup, mergeDuplicates, readQuickOrderText } from "./quick-order-text.ts";

type Product = Awaited<ReturnType<CatalogService["productsBySkus"]>>[number];
type Ranges = Awaited<ReturnType<CatalogService["priceRanges"]>>;
type Refusal = { reason: QuickOrderReason; message: string };

export interface QuickOrderDeps {
  catalog: Pick<CatalogService, "scopeFor" | "productsBySkus" | "priceRanges">;
  cart: Pick<CartService, "addChecked">;
  allowances: Pick<AllowancesService, "preview">;
}

/** Why the cart cannot hold `total` packs of the product (with what it holds already), or null. */
function quantityRefusal(p: Product, total: number, inCart: number): Refusal | null {
  const settled = settleQuantity(total, quantityRuleOf(p));
  const already = inCart > 0 ? ` Your cart already holds ${packs(inCart)}.` : "";
  switch (settled.reason) {
    case "below_min":
      return { reason: "below_min", message: `Below the minimum of ${packs(p.min_quantity)}.${already}` };
    case "above_max":
      return { reason: "above_max", message: `Above the maximum of ${packs(p.max_quantity)}.${already}` };
    case "not_offered":
      return {
        reason: "not_offered",
        message: `Not sold in ${packs(total)}: ${settled.message?.replace(/^.*?: /, "") ?? ""}${already}`,
      };
    case "not_enough_stock":
      return {
        reason: "not_enough_stock",
        message:
          p.actual_inventory > 0
            ? `Not enough stock: only ${packs(p.actual_inventory)} left.${already}`
            : "Out of stock: none left.",
      };
    default:
      return null;
  }
}

/**
 * The lines a "refuse" programme's balance is too short for (issue 23 §1): each line, with what the
 * cart will then hold of it, against the practice's balances as they stand; every line a short
 * programme counts is refused with reason "over_allowance". An "approval" or "allow" programme
 * never refuses here: checkout says what happens over it.
 */
async function allowanceRefusals(
  allowances: QuickOrderDeps["allowances"],
  tx: Executor,
  user: SessionUser,
  lines: { product: Product; total: number; unitCents: number }[],
): Promise<Map<number, Refusal>> {
  const refused = new Map<number, Refusal>();
  for (const { product, total, unitCents } of lines) {
    const outcomes = await allowances.preview(tx, {
      userId: user.userId,
      lines: [
        {
          productId: product.id,
          categoryId: product.product_category_id,
          quantity: total,
          amountCents: total * unitCents,
        },
      ],
    });
    const short = outcomes.find((o) => o.over_by > 0 && o.over_balance === "refuse");
    if (short)
      refused.set(product.id, {
        reason: "over_allowance",
        message: `Over your allowance: ${short.name} has ${balanceText(short.left_before, short.allotted, short.unit)}.`,
      });
  }
  return refused;
}

interface Checked {
  group: LineGroup;
  product: Product | null;
  refusal: Refusal | null;
  inCart: number;
  total: number;
}

/** One group of lines against the catalogue and the cart as it stands: refused, or to be added. */
function checkGroup(group: LineGroup, found: Product[], inCart: Map<number, CartLine>, newLines: Set<number>): Checked {
  const quantity = group.quantity ?? 0;
  if (group.refusal) return { group, product: null, refusal: group.refusal, inCart: 0, total: 0 };
  if (found.length !== 1) {
    const refusal: Refusal = found.length
      ? { reason: "ambiguous_sku", message: `Several products carry SKU "${echo(group.sku)}": order it from its page.` }
      : { reason: "unknown_sku", message: `No product with SKU "${echo(group.sku)}" in your catalogue.` };
    return { group, product: null, refusal, inCart: 0, total: 0 };
  }
  const product = found[0] as Product;
  const line = inCart.get(product.id);
  const held = line?.quantity ?? 0;
  const total = held + quantity;
  let refusal: Refusal | null = null;
  if (line?.is_destroy) {
    refusal = {
      reason: "in_cart_to_destroy",
      message: "This product is in your cart as stock to destroy: place or remove that line first.",
    };
  } else refusal = quantityRefusal(product, total, held);
  if (!refusal && !line && !newLines.has(product.id) && inCart.size + newLines.size >= CART_MAX_LINES) {
    refusal = { reason: "cart_full", message: `Your cart is full: it holds at most ${CART_MAX_LINES} products.` };
  }
  if (!refusal) newLines.add(product.id);
  return { group, product, refusal, inCart: held, total };
}

function answerLine(c: Checked, ranges: Ranges): QuickOrderLine {
  const { group, product, refusal } = c;
  const quantity = group.quantity ?? 0;
  const unit = product
    ? unitPriceFor(
        ranges.filter((r) => r.product_id === product.id),
        Math.max(c.total, 1),
      )
    : 0;
  const merged = group.merged.length ? ` (lines ${[group.line, ...group.merged].join(", ")} together)` : "";
  return {
    line: group.line,
    merged_lines: group.merged,
    sku: group.sku,
    quantity_text: group.quantityText,
    quantity: group.quantity,
    status: refusal ? "refused" : "added",
    reason: refusal?.reason ?? null,
    message:
      refusal?.message ??
      `Added ${packs(quantity)}${merged}.${c.inCart ? ` Your cart now holds ${packs(c.total)}.` : ""}`,
    product: product && {
      id: product.id,
      name: product.name,
      display_name: displayProductName(product.name, product.product_category_id),
      package_quantity: product.package_quantity,
      min_quantity: product.min_quantity,
      max_quantity: product.max_quantity,
      unit_price_cents: unit,
      line_total_cents: unit * quantity,
    },
    in_cart: refusal ? c.inCart : c.total,
  };
}

/**
 * Quick order (issue 23 §3, decision 041): lines of SKU and quantity read from text, each checked
 * against the products the user may see (the catalogue's scope), their minimum, maximum, pack
 * list and stock, counting what the cart already holds; the good lines are added to the server cart
 * in the same transaction, under the cart's row lock, and every line comes back with what happened.
 */
export function createQuickOrderService({ catalog, cart, allowances }: QuickOrderDeps) {
  return {
    async addLines(user: SessionUser, text: string): Promise<QuickOrderResult> {
      const { lines, headerSkipped } = readQuickOrderText(text);
      const groups = mergeDuplicates(lines);
      const keys = [...new Set(groups.filter((g) => !g.refusal).map((g) => g.key))];
      const { result, cart: after } = await cart.addChecked(user, async (tx, current) => {
        const found = await catalog.productsBySkus(tx, catalog.scopeFor(user), keys);
        const ranges = await catalog.priceRanges(
          tx,
          found.map((p) => p.id),
        );
        const inCart = new Map(current.map((l) => [l.product_id, l]));
        const newLines = new Set<number>();
        const checked = groups.map((g) =>
          checkGroup(
            g,
            found.filter((p) => skuKey(p.customer_sku ?? "") === g.key),
            inCart,
            newLines,
          ),
        );
        const good = checked.filter((c) => !c.refusal && c.product);
        const overAllowance = await allowanceRefusals(
          allowances,
          tx,
          user,
          good.map((c) => {
            const product = c.product as Product;
            const own = ranges.filter((r) => r.product_id === product.id);
            return { product, total: c.total, unitCents: unitPriceFor(own, Math.max(c.total, 1)) };
          }),
        );
        for (const c of good) c.refusal = overAllowance.get((c.product as Product).id) ?? null;
        const set = checked
          .filter((c) => !c.refusal && c.product)
          .map((c) => ({ product_id: (c.product as Product).id, quantity: c.total, is_destroy: false }));
        return { set, result: checked.map((c) => answerLine(c, ranges)) };
      });
      return {
        lines: result,
        header_skipped: headerSkipped,
        added: result.filter((l) => l.status === "added").length,
        refused: result.filter((l) => l.status === "refused").length,
        cart: after,
      };
    },
  };
}

export type QuickOrderService = ReturnType<typeof createQuickOrderService>;
