import { sql } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { allowance_programmes } from "../../src/db/schema/index.ts";
import { queryRows } from "../helpers.ts";

/** Inserts an active programme of customer 1850 (a test's own: scope its products to keep it apart). */
export async function insertProgramme(
  db: Database,
  values: Partial<typeof allowance_programmes.$inferInsert> & { name: string },
) {
  const [row] = await db
    .insert(allowance_programmes)
    .values({ customer_id: 1850, period: "quarter", unit: "packs", over_balance: "refuse", ...values })
    .returning({ id: allowance_programmes.id });
  return (row as { id: number }).id;
}

/** A practice's current account of a programme: its balance and allotment. */
export async function accountOf(db: Database, programmeId: number, userId: number) {
  const [row] = await queryRows<{ id: number; balance: number; allotted: number }>(
    db,
    sql`select id, balance, allotted from allowance_accounts where programme_id = ${programmeId} and user_id = ${userId}
      order by period_start desc limit 1`,
  );
  return row;
}

/**
 * The rule every write keeps: each account's balance is the sum of its ledger, and what each order
 * holds of a programme (its order and cancel rows) is what its lines still have, counted in packs.
 * Answers the accounts and orders that break it (none when the ledger equals the orders).
 */
export async function ledgerMismatches(db: Database, programmeId: number) {
  const balances = await queryRows<{ id: number }>(
    db,
    sql`select a.id from allowance_accounts a
      where a.programme_id = ${programmeId}
        and a.balance <> coalesce((select sum(delta) from allowance_ledger l where l.account_id = a.id), 0)`,
  );
  const orders = await queryRows<{ order_id: number }>(
    db,
    sql`with held as (
        select l.order_id, l.product_id, -sum(l.delta) as held from allowance_ledger l
        join allowance_accounts a on a.id = l.account_id
        where a.programme_id = ${programmeId} and l.kind in ('order', 'cancel') group by l.order_id, l.product_id
      )
      select h.order_id from held h
      join order_products op on op.order_id = h.order_id and op.product_id = h.product_id
      where h.held <> op.quantity - op.cancelled_quantity`,
  );
  return { accounts: balances.map((b) => b.id), orders: orders.map((o) => o.order_id) };
}
