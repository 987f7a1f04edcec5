import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { portal_settings } from "../../db/schema/index.ts";

/** The settings an administrator saves (every column but the key and the times). */
export type SettingsValues = {
  support_phone: string;
  large_order_email: string;
  pet_insurance_url: string;
  approval_remind_days: number;
  approval_expire_days: number;
};

const columns = {
  support_phone: portal_settings.support_phone,
  large_order_email: portal_settings.large_order_email,
  pet_insurance_url: portal_settings.pet_insurance_url,
  approval_remind_days: portal_settings.approval_remind_days,
  approval_expire_days: portal_settings.approval_expire_days,
  updated: portal_settings.updated,
};

/** The customer's saved settings, or null: none saved, the environment's values apply. */
export async function findSettings(db: Executor, customerId: number) {
  const [row] = await db.select(columns).from(portal_settings).where(eq(portal_settings.customer_id, customerId));
  return row ?? null;
}

/**
 * A first save: the customer's row with these values, or null when a row exists (a save before,
 * or one committed meanwhile: this insert waits for it, then does nothing).
 */
export async function insertSettings(db: Executor, customerId: number, values: SettingsValues) {
  const [row] = await db
    .insert(portal_settings)
    .values({ customer_id: customerId, ...values })
    .onConflictDoNothing({ target: portal_settings.customer_id })
    .returning(columns);
  return row ?? null;
}

/** The customer's saved row, locked until the transaction ends (the audit's "before", decision 043). */
export async function lockSettings(db: Executor, customerId: number) {
  const [row] = await db
    .select(columns)
    .from(portal_settings)
    .where(eq(portal_settings.customer_id, customerId))
    .for("update");
  return row ?? null;
}

export async function updateSettings(db: Executor, customerId: number, values: SettingsValues) {
  const [row] = await db
    .update(portal_settings)
    .set(values)
    .where(eq(portal_settings.customer_id, customerId))
    .returning(columns);
  if (!row) throw new Error(`portal_settings row of customer ${customerId} missing under its lock`);
  return row;
}
