import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { cart_items, carts } from "../../db/schema/index.ts";
import { idsIn } from "../../db/sql/ids.ts";

export interface CartLineRow {
  product_id: number;
  quantity: number;
  is_destroy: boolean;
}

/**
 * Takes the user's cart row, creating it on the first change, and raises its revision: the row
 * lock every change of a cart starts with, so concurrent changes of one cart (two tabs, two
 * computers, an order being placed) run one after the other (decision 021). Returns the new revision.
 */
export async function lockCart(tx: Executor, userId: number): Promise<number> {
  const [row] = await tx
    .insert(carts)
    .values({ user_id: userId, revision: 1 })
    .onConflictDoUpdate({
      target: carts.user_id,
      set: { revision: sql`${carts.revision} + 1`, updated: sql`now()` },
    })
    .returning({ revision: carts.revision });
  if (!row) throw new Error("the cart row was not taken");
  return row.revision;
}

export async function findRevision(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ revision: carts.revision }).from(carts).where(eq(carts.user_id, userId));
  return row?.revision ?? 0;
}

/** The cart's lines in the order they were added. */
export async function listLines(db: Executor, userId: number): Promise<CartLineRow[]> {
  return db
    .select({ product_id: cart_items.product_id, quantity: cart_items.quantity, is_destroy: cart_items.is_destroy })
    .from(cart_items)
    .where(eq(cart_items.user_id, userId))
    .orderBy(asc(cart_items.position), asc(cart_items.created), asc(cart_items.product_id));
}

/** Removes the given lines, or every line when no list is given. */
export async function deleteLines(tx: Executor, userId: number, productIds?: number[]) {
  if (productIds && !productIds.length) return;
  await tx
    .delete(cart_items)
    .where(and(eq(cart_items.user_id, userId), productIds ? inArray(cart_items.product_id, productIds) : undefined));
}

/**
 * Adds lines, or sets the quantity of a product already in the cart: `set` takes the new quantity,
 * `max` the larger of the two (a merge). New lines go after the existing ones, in the order given.
 */
export async function upsertLines(tx: Executor, userId: number, lines: CartLineRow[], mode: "set" | "max") {
  if (!lines.length) return;
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${cart_items.position}), 0)::int` })
    .from(cart_items)
    .where(eq(cart_items.user_id, userId));
  const start = (last?.position ?? 0) + 1;
  await tx
    .insert(cart_items)
    .values(lines.map((l, i) => ({ user_id: userId, ...l, position: start + i })))
    .onConflictDoUpdate({
      target: [cart_items.user_id, cart_items.product_id],
      set: {
        quantity: mode === "max" ? sql`greatest(${cart_items.quantity}, excluded.quantity)` : sql`excluded.quantity`,
        is_destroy: sql`excluded.is_destroy`,
        updated: sql`now()`,
      },
    });
}

/**
 * Removes ordered products from the user's cart: the cart's row first (the lock every cart change
 * takes, with a new revision), then its lines (decision 027).
 */
export async function removeOrderedLines(tx: Executor, userId: number, productIds: number[]) {
  if (!productIds.length) return;
  await tx.execute(
    sql`with cart_touched as (update ${carts} set revision = ${carts.revision} + 1, updated = now()
      where ${carts.user_id} = ${userId} returning 1)
    delete from ${cart_items} where ${cart_items.user_id} = ${userId}
      and ${cart_items.product_id} in ${idsIn(productIds)}
      and exists (select 1 from cart_touched)`,
  );
}

/**
 * The ordered products leave the user's server cart with the order (decision 021), as common table
 * expressions the order's one write statement carries when `go` holds: the cart's row first, as
 * every cart change takes it, then its lines (decision 018).
 */
export function orderedLinesRemovalCtes(userId: number, productIds: number[], go: SQL): SQL {
  return sql`cart_touched as (update ${carts} set revision = ${carts.revision} + 1, updated = now()
      where ${carts.user_id} = ${userId} and ${go} returning 1), cart_cleared as (delete from ${cart_items} where ${cart_items.user_id} = ${userId}
      and ${cart_items.product_id} in ${idsIn(productIds)}
      and exists (select 1 from cart_touched))`;
}
