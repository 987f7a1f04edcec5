import type { INVENTORY_ACTIONS } from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { queueEmail } from "../mail/outbox.repository.ts";
import * as repo from "./inventory.repository.ts";

type Action = (typeof INVENTORY_ACTIONS)[number];

export interface StockChange {
  productId: number;
  /** Signed change in packs. */
  delta: number;
  action: Action;
  /** Refuse the change if the product forbids going below zero and it would. */
  forbidNegative: boolean;
  /** Refuse the change unless the balance is exactly this (a destroy takes the stock it was shown). */
  expectedBalance?: number;
  orderId?: number;
  userId?: number;
  palettes?: number | null;
  comment?: string | null;
}

/**
 * The one way stock changes (DESIGN §3): the cached balance and a ledger row with the balance after
 * it, in the caller's transaction. When a change takes the product from above its
 * low_inventory_amount to or below it, one alert goes to operations through the outbox — once per
 * crossing, not on every later order.
 * Returns the new balance, or undefined when forbidNegative or expectedBalance refused the change.
 */
export async function changeStock(
  db: Executor,
  change: StockChange,
  operationsEmail: string,
): Promise<number | undefined> {
  const result = await repo.changeBalance(
    db,
    change.productId,
    change.delta,
    change.forbidNegative,
    change.expectedBalance,
  );
  if (!result) return undefined;
  await repo.insertLedgerRow(db, {
    product_id: change.productId,
    action: change.action,
    quantity: change.delta,
    ending_inventory: result.after,
    palettes: change.palettes ?? null,
    order_id: change.orderId ?? null,
    user_id: change.userId ?? null,
    comment: change.comment ?? null,
  });
  await alertLowStock(db, result, change, operationsEmail);
  return result.after;
}

/** A product's balance before and after a change, with what the low-stock alert names. */
export interface BalanceChange {
  before: number;
  after: number;
  low: number;
  name: string;
  sku: string | null;
}

/**
 * When a change takes the product from above its low_inventory_amount to or below it, queues one
 * alert to operations in the caller's transaction: once per crossing, not on every later change.
 */
export async function alertLowStock(
  db: Executor,
  balance: BalanceChange,
  change: Pick<StockChange, "action" | "delta" | "orderId">,
  operationsEmail: string,
) {
  const { before, after, low, name, sku } = balance;
  if (!(low > 0 && before > low && after <= low)) return;
  await queueEmail(db, {
    kind: "low_stock",
    to: [operationsEmail],
    cc: [],
    subject: `Low stock: ${name} (${after} packs left)`,
    text: [
      `${name}${sku ? ` (SKU ${sku})` : ""} is down to ${after} packs,`,
      `at or below its replenishment point of ${low} packs.`,
      `Last change: ${change.action} of ${change.delta} packs${change.orderId ? ` (order #${change.orderId})` : ""}.`,
    ].join("\n"),
  });
}
