import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { inventory_transactions, products, users } from "../../db/schema/index.ts";

/**
 * Changes a product's cached balance by `delta` in one statement and returns the balances before
 * and after. With `forbidNegative` (a product that forbids going below zero) the row is only
 * updated when the result stays at or above zero; with `expected` only when the balance is that
 * number. The row lock serialises concurrent changes and the condition is checked again on the
 * latest row after a wait, so two orders can never both take the last packs, nor two destroys the
 * same stock. Undefined when the change was refused.
 */
export async function changeBalance(
  db: Executor,
  productId: number,
  delta: number,
  forbidNegative: boolean,
  expected?: number,
) {
  const [row] = await db
    .update(products)
    .set({ actual_inventory: sql`${products.actual_inventory} + ${delta}` })
    .where(
      and(
        eq(products.id, productId),
        forbidNegative
          ? sql`(not ${products.no_order_below_zero_inventory} or ${products.actual_inventory} + ${delta} >= 0)`
          : undefined,
        expected === undefined ? undefined : eq(products.actual_inventory, expected),
      ),
    )
    .returning({
      after: products.actual_inventory,
      low: products.low_inventory_amount,
      name: products.name,
      sku: products.customer_sku,
    });
  return row ? { ...row, before: row.after - delta } : undefined;
}

export async function insertLedgerRow(db: Executor, row: typeof inventory_transactions.$inferInsert) {
  await db.insert(inventory_transactions).values(row);
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
