import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { inventory_transactions, users } from "../../db/schema/index.ts";
import { type StockChange, stockApplyCtes, stockCheckCtes } from "../../db/sql/stock-change.ts";

/**
 * Makes the changes in one statement, all or none: the balances after them, or undefined when one
 * was refused (see stockCheckCtes).
 */
export async function changeStocks(db: Executor, changes: StockChange[], operationsEmail: string) {
  const { rows } = (await db.execute(
    sql`with ${stockCheckCtes(changes)}, ${stockApplyCtes(sql`not exists (select 1 from stock_refused)`, operationsEmail)}
      select id, after from stock`,
  )) as unknown as { rows: { id: number; after: number }[] };
  return rows.length === changes.length ? rows : undefined;
}

export async function listLedger(db: Executor, productId: number, limit: number, offset: number) {
  const where = eq(inventory_transactions.product_id, productId);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: inventory_transactions.id,
        action: inventory_transactions.action,
        quantity: inventory_transactions.quantity,
        ending_inventory: inventory_transactions.ending_inventory,
        palettes: inventory_transactions.palettes,
        order_id: inventory_transactions.order_id,
        comment: inventory_transactions.comment,
        created: inventory_transactions.created,
        first_name: users.first_name,
        last_name: users.last_name,
      })
      .from(inventory_transactions)
      .leftJoin(users, eq(users.id, inventory_transactions.user_id))
      .where(where)
      .orderBy(desc(inventory_transactions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(inventory_transactions).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export type { StockChange };
