import { ORDER_STATUS, type OrderAmounts } from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import type { AllowancesService } from "../allowances/allowances.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { InventoryService } from "../inventory/inventory.service.ts";
import { type OrderLineRow, type OrderRow, remainingOf, unshippedOf } from "./order-read-model.ts";
import * as repo from "./orders.repository.ts";
import { orderAmounts } from "./pricing.ts";

const NO_AMOUNTS: OrderAmounts = {
  total_items_amount: 0,
  pick_fee_amount: 0,
  shipping_amount: 0,
  processing_amount: 0,
  tax_amount: 0,
  total_order_amount: 0,
};

/**
 * What an order invoices for the packs still on it (orders/pricing.ts): each line at the price per
 * pack it was ordered at, its pick fee per pack, the order's shipping; nothing at all once every
 * pack is cancelled.
 */
export function amountsOfRemaining(
  lines: readonly Pick<OrderLineRow, "quantity" | "cancelled_quantity" | "unit_price_cents" | "pick_fee_cents">[],
  shippingAmount: number,
): OrderAmounts {
  const left = lines.filter((l) => remainingOf(l) > 0);
  if (!left.length) return NO_AMOUNTS;
  return orderAmounts(
    left.map((l) => {
      const quantity = remainingOf(l);
      return {
        quantity,
        unit_price_cents: l.unit_price_cents,
        total_price_cents: l.unit_price_cents * quantity,
        // Per pack as the report rollups count it (0008's report_line_delta).
        pick_fee_cents: Math.trunc(l.pick_fee_cents / l.quantity) * quantity,
      };
    }),
    shippingAmount,
  );
}

export interface LineCancel {
  line: OrderLineRow;
  quantity: number;
}

/** What cancelling packs uses of other modules: whether a product's stock is tracked, the ledgers. */
export interface CancelDeps {
  catalog: Pick<CatalogService, "isInInventory">;
  inventory: Pick<InventoryService, "changeStock">;
  allowances: Pick<AllowancesService, "giveBack">;
}

/**
 * Cancels packs of an order's lines, in the caller's transaction and on an order row the caller
 * holds locked (FOR UPDATE): restocks them through the ledger (products in id order, the lock
 * order of decision 010), adds them to the lines' cancelled quantities, recomputes the order's
 * amounts over what is left, gives their allowance back (allowances.giveBack) and, when nothing is left, makes the order Cancelled. The caller
 * records the status history and tells the practice. The practice's cancel and the order desk's
 * (issue 11) both come here.
 */
export async function cancelOrderQuantities(
  { catalog, inventory, allowances }: CancelDeps,
  tx: Executor,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  cancels: readonly LineCancel[],
  by: { userId: number; comment: string },
) {
  const sorted = [...cancels].sort((a, b) => a.line.product_id - b.line.product_id || a.line.id - b.line.id);
  for (const { line, quantity } of sorted) {
    if (!(await catalog.isInInventory(tx, line.product_id))) continue;
    await inventory.changeStock(tx, {
      productId: line.product_id,
      delta: quantity,
      action: "cancel",
      forbidNegative: false,
      orderId: order.id,
      userId: by.userId,
      comment: by.comment,
    });
  }
  // After the products, as placing locks them: the allowance accounts the lines used (decision 039).
  await allowances.giveBack(
    tx,
    order.id,
    sorted.map(({ line, quantity }) => ({
      productId: line.product_id,
      quantity,
      unitPriceCents: line.unit_price_cents,
    })),
    by.userId,
  );
  for (const { line, quantity } of sorted) await repo.addCancelledQuantity(tx, line.id, quantity);
  const after = lines.map((l) => {
    const cancelled = cancels.filter((c) => c.line.id === l.id).reduce((n, c) => n + c.quantity, 0);
    return { ...l, cancelled_quantity: l.cancelled_quantity + cancelled };
  });
  const amounts = amountsOfRemaining(after, order.shipping_amount);
  await repo.setOrderAmounts(tx, order.id, amounts);
  // Nothing left to ship: Cancelled, or Shipped when some of it shipped before (issue 24 §5).
  const isDone = after.every((l) => unshippedOf(l) === 0);
  const isCancelled = isDone && after.every((l) => l.shipped_quantity === 0);
  if (isDone) await repo.setOrderStatus(tx, order.id, isCancelled ? ORDER_STATUS.CANCELLED : ORDER_STATUS.SHIPPED);
  return { lines: after, amounts, isCancelled };
}
