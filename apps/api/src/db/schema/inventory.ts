import { INVENTORY_ACTIONS } from "@vetportal/contract";
import { date, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { refersTo, timestamps } from "./columns.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * The inventory ledger (DESIGN §3): every stock change is a row with its signed quantity and the
 * balance after it. products.actual_inventory caches the latest balance in the same transaction.
 */
export const inventory_transactions = pgTable(
  "inventory_transactions",
  {
    id: serial().primaryKey(),
    product_id: refersTo(() => products.id),
    action: text({ enum: INVENTORY_ACTIONS }).notNull(),
    /** Signed change in packs: + replenish/cancel, − sale/destroy, either sign for adjust. */
    quantity: integer().notNull(),
    ending_inventory: integer().notNull(),
    palettes: integer(),
    order_id: integer().references(() => orders.id),
    user_id: integer().references(() => users.id),
    comment: text(),
    ...timestamps,
  },
  (t) => [
    index("inventory_transactions_product_created_idx").on(t.product_id, t.created),
    /** Last fill / last sale of a product (inventory report). */
    index("inventory_transactions_product_action_idx").on(t.product_id, t.action, t.created),
    /** The movements of a period (inventory summary). */
    index("inventory_transactions_created_idx").on(t.created),
  ],
);

/**
 * Daily rollup of the ledger per product and portal-time day, for the inventory summary (issue 5).
 * Kept exact by triggers on inventory_transactions (migration 0008_report_rollups_by_delta.sql,
 * decision 010); never written by the application. Quantities in packs, all positive.
 */
export const report_inventory_days = pgTable(
  "report_inventory_days",
  {
    product_id: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    /** Fills and upward adjustments. */
    replenished: integer().notNull(),
    /** Destroys and downward adjustments. */
    removed: integer().notNull(),
    sold: integer().notNull(),
    canceled: integer().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.product_id, t.day] })],
);
