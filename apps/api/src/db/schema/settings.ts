import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { refersTo, timestamps } from "./columns.ts";
import { customers } from "./customers.ts";

/**
 * Portal settings an administrator saves at /admin/settings (issue 23 §5, decision 047): one row per
 * customer, written only by the settings module. No row: the environment's values apply. A trigger
 * (migration 0025) bumps its `cache_generations` row, so every API process reads a save within
 * CACHE_MAX_STALE_MS (decision 017).
 */
export const portal_settings = pgTable("portal_settings", {
  customer_id: refersTo(() => customers.id).primaryKey(),
  support_phone: text().notNull(),
  large_order_email: text().notNull(),
  pet_insurance_url: text().notNull(),
  /** Days an order waits for its approvers before they are reminded. */
  approval_remind_days: integer().notNull(),
  /** Days an order waits (counted from the same start as the reminder) before its approval expires. */
  approval_expire_days: integer().notNull(),
  ...timestamps,
});
