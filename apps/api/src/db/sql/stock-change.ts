import type { INVENTORY_ACTIONS } from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { email_outbox, inventory_transactions, products } from "../schema/index.ts";

/*
 * A change of stock as one statement's common table expressions: used by the inventory
 * repository (replenish, adjust, destroy) and by the order placing repository, whose order write
 * carries its stock change in the same statement (decision 018).
 */

/** One change of a product's stock (DESIGN §3): its balance and a ledger row. */
export interface StockChange {
  productId: number;
  /** Signed change in packs. */
  delta: number;
  action: (typeof INVENTORY_ACTIONS)[number];
  /** Refuse the change if the product forbids going below zero and it would. */
  forbidNegative: boolean;
  /** Refuse the change unless the balance is exactly this (a destroy takes the stock it was shown). */
  expectedBalance?: number;
  orderId?: number;
  userId?: number;
  palettes?: number | null;
  comment?: string | null;
}

/** The low-stock alert, filled in by the statement that crossed the replenishment point (format()). */
const LOW_STOCK_SUBJECT = "Low stock: %s (%s packs left)";
const LOW_STOCK_TEXT = [
  "%s%s is down to %s packs,",
  "at or below its replenishment point of %s packs.",
  "Last change: %s of %s packs%s.",
].join("\n");

/**
 * The first part of a statement that changes stock, as common table expressions: `stock_change`
 * the changes (one per product); `stock_locked` their products' rows, locked in id order so that
 * concurrent writers never deadlock on each other, as they stand after any wait; `stock_refused`
 * the changes those balances refuse: a product that is gone, a balance that would go below zero
 * where both the change and the product forbid it, or a balance other than the one expected. The
 * lock is held to the end of the transaction, so nothing changes a balance between this check and
 * stockApplyCtes: two orders can never both take the last packs, nor two destroys the same stock.
 */
export function stockCheckCtes(changes: StockChange[]): SQL {
  const rows = changes.map((c) => ({
    product_id: c.productId,
    delta: c.delta,
    action: c.action,
    forbid_negative: c.forbidNegative,
    expected_balance: c.expectedBalance ?? null,
    order_id: c.orderId ?? null,
    user_id: c.userId ?? null,
    palettes: c.palettes ?? null,
    comment: c.comment ?? null,
  }));
  return sql`stock_change as (
    select * from json_to_recordset(${JSON.stringify(rows)}::json) as c(product_id integer, delta integer,
      action text, forbid_negative boolean, expected_balance integer, order_id integer, user_id integer,
      palettes integer, comment text)
  ),
  stock_locked as materialized (
    select ${products.id} as id, ${products.actual_inventory} as balance,
      ${products.no_order_below_zero_inventory} as no_negative
    from ${products} where ${products.id} in (select product_id from stock_change)
    order by ${products.id} for no key update
  ),
  stock_refused as (
    select c.product_id from stock_change c left join stock_locked p on p.id = c.product_id
    where p.id is null
      or (c.forbid_negative and p.no_negative and p.balance + c.delta < 0)
      or (c.expected_balance is not null and p.balance <> c.expected_balance)
  )`;
}

/**
 * The second part, after stockCheckCtes and any expressions of the caller's: when `when` holds
 * (no change refused, and what else the caller needs), `stock` changes every balance and returns
 * it (id, before, after) with its change, `stock_ledger` writes each change with the balance after
 * it, and `stock_alert` queues one alert to operations in the outbox for each product the change
 * took from above its low_inventory_amount to or below it: once per crossing, not on every later
 * change. The update meets the rows stock_locked locked, so it sees the same balances.
 */
export function stockApplyCtes(when: SQL, operationsEmail: string): SQL {
  return sql`stock as (
    update ${products} set actual_inventory = ${products.actual_inventory} + c.delta
    from stock_change c
    where ${products.id} = c.product_id and ${products.id} in (select id from stock_locked) and ${when}
    returning ${products.id} as id, ${products.actual_inventory} - c.delta as before,
      ${products.actual_inventory} as after, ${products.low_inventory_amount} as low, ${products.name} as name,
      ${products.customer_sku} as sku, c.delta, c.action, c.order_id, c.user_id, c.palettes, c.comment
  ),
  stock_ledger as (
    insert into ${inventory_transactions}
      (product_id, action, quantity, ending_inventory, palettes, order_id, user_id, comment)
    select id, action, delta, after, palettes, order_id, user_id, comment from stock order by id
  ),
  stock_alert as (
    insert into ${email_outbox} (kind, "to", subject, text)
    select 'low_stock', array[${operationsEmail}::text], format(${LOW_STOCK_SUBJECT}::text, name, after),
      format(${LOW_STOCK_TEXT}::text, name, coalesce(' (SKU ' || nullif(sku, '') || ')', ''), after, low, action, delta,
        coalesce(' (order #' || order_id || ')', ''))
    from stock where low > 0 and before > low and after <= low
  )`;
}
