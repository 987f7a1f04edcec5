import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { inventory_transactions, products, users } from "../../db/schema/index.ts";

/** The product's row allows the change: it does not forbid going below zero, or stays at or above it. */
const balanceAllows = (delta: number | SQL) =>
  sql`(not ${products.no_order_below_zero_inventory} or ${products.actual_inventory} + ${delta} >= 0)`;

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
        forbidNegative ? balanceAllows(delta) : undefined,
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

/** Packs of a product kept in inventory that an order sells. */
export interface Sale {
  productId: number;
  quantity: number;
}

/**
 * The stock of an order's sales as common table expressions of the order's one statement
 * (orders.repository): the same change as changeBalance and insertLedgerRow, for every line at
 * once. `locked` takes the products' row locks in id order, so concurrent orders never deadlock on
 * each other; `stock` then takes each quantity only where balanceAllows it, checked again on the
 * latest row after a wait, as in changeBalance; `sale_ledger` writes each change with the balance
 * after it. The main query reads `stock` (id, after, low, name, sku, quantity): a sale missing from
 * it was refused, and the caller rolls the transaction back.
 */
export function saleCtes(sales: Sale[], orderId: number, userId: number): SQL {
  const rows = JSON.stringify(sales.map((s) => ({ product_id: s.productId, quantity: s.quantity })));
  return sql`sale as (
    select * from json_to_recordset(${rows}::json) as s(product_id integer, quantity integer)
  ),
  locked as materialized (
    select ${products.id} from ${products} where ${products.id} in (select product_id from sale)
    order by ${products.id} for no key update
  ),
  stock as (
    update ${products} set actual_inventory = ${products.actual_inventory} - sale.quantity
    from sale
    where ${products.id} = sale.product_id and ${products.id} in (select id from locked)
      and ${balanceAllows(sql`-sale.quantity`)}
    returning ${products.id} as id, ${products.actual_inventory} as after, ${products.low_inventory_amount} as low,
      ${products.name} as name, ${products.customer_sku} as sku, sale.quantity
  ),
  sale_ledger as (
    insert into ${inventory_transactions} (product_id, action, quantity, ending_inventory, order_id, user_id)
    select id, 'sale', -quantity, after, ${orderId}::integer, ${userId}::integer from stock order by id
  )`;
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
