import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import type { StockChange } from "./inventory.repository.ts";
import { changeStock, ledgerPage } from "./stock.ts";

/** The settings the inventory reads: where low-stock alerts go. */
export type InventorySettings = Pick<Config, "OPERATIONS_EMAIL">;

/**
 * The inventory as other modules use it (DESIGN §3): every stock change is one statement with its
 * ledger row and its low-stock alert (stock.ts changeStock), in the caller's transaction when one
 * is given. The order write of decision 018 carries the same SQL in its own statement.
 */
export function createInventoryService({ db, settings }: { db: Database; settings: InventorySettings }) {
  return {
    /** The new balance, or undefined when forbidNegative or expectedBalance refused the change. */
    changeStock: (tx: Executor, change: StockChange) => changeStock(tx, change, settings.OPERATIONS_EMAIL),
    /** A page of a product's ledger, newest first, with the number of rows. */
    ledgerPage: (productId: number, limit: number, offset: number) => ledgerPage(db, productId, limit, offset),
    /** Where low-stock alerts go (the order write sends them from its own statement). */
    alertEmail: settings.OPERATIONS_EMAIL,
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
