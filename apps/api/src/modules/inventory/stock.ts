import type { Executor } from "../../db/client.ts";
import * as repo from "./inventory.repository.ts";

/**
 * The one way stock changes (DESIGN §3): the cached balance and a ledger row with the balance after
 * it, in one statement (inventory.repository: stockCheckCtes and stockApplyCtes, which an order's
 * statement uses for all its lines at once). When a change takes the product from above its
 * low_inventory_amount to or below it, one alert goes to operations through the outbox — once per
 * crossing, not on every later order.
 * Returns the new balance, or undefined when forbidNegative or expectedBalance refused the change.
 */
export async function changeStock(
  db: Executor,
  change: repo.StockChange,
  operationsEmail: string,
): Promise<number | undefined> {
  return (await repo.changeStocks(db, [change], operationsEmail))?.[0]?.after;
}

/** A page of a product's ledger, newest first, with the number of rows. */
export function ledgerPage(db: Executor, productId: number, limit: number, offset: number) {
  return repo.listLedger(db, productId, limit, offset);
}
