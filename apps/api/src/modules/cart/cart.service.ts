import { type CartItem, type CartLineInput, type ServerCart, unitPriceFor } from "@vetportal/contract";
import type { SQL } from "drizzle-orm";
import type { Database, Executor } from "../../db/client.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { type CatalogService, cartItemOf } from "../catalog/catalog.service.ts";
import * as repo from "./cart.repository.ts";

type Dropped = ServerCart["dropped"];

/** A line of the server cart: the product, its quantity, and whether it is stock to destroy. */
export type CartLine = repo.CartLineRow;

/** What the cart uses: its database and the catalogue (which products a user may order, their prices). */
export interface CartDeps {
  db: Database;
  catalog: Pick<CatalogService, "scopeFor" | "productsByIds" | "priceRanges">;
}

/**
 * The lines the user may keep of those sent with a quantity: products the user may order; destroy
 * lines for administrators only.
 */
async function keepable({ catalog }: CartDeps, tx: Executor, user: SessionUser, lines: CartLineInput[]) {
  // One line per product: the last one sent with a quantity wins.
  const byProduct = new Map<number, CartLineInput>();
  for (const line of lines) if (line.quantity > 0) byProduct.set(line.id, line);
  const unique = [...byProduct.values()];
  const scope = catalog.scopeFor(user);
  const found = new Set(
    (
      await catalog.productsByIds(
        tx,
        scope,
        unique.map((l) => l.id),
      )
    ).map((p) => p.id),
  );
  const kept: repo.CartLineRow[] = [];
  const dropped: Dropped = [];
  for (const line of unique) {
    if (!found.has(line.id)) dropped.push({ id: line.id, reason: "This product is no longer available." });
    else if (line.is_destroy && !user.isAdmin)
      dropped.push({ id: line.id, reason: "Only administrators can destroy stock." });
    else kept.push({ product_id: line.id, quantity: line.quantity, is_destroy: line.is_destroy ?? false });
  }
  return { kept, dropped };
}

/** The cart as the user sees it: lines of products the user may still order, with their records. */
async function readCart(
  { catalog }: CartDeps,
  tx: Executor,
  user: SessionUser,
  revision?: number,
  dropped: Dropped = [],
): Promise<ServerCart> {
  // The revision before the lines: a change in between gives newer lines under an older revision,
  // which a client then replaces with the next answer, never the reverse.
  const seen = revision ?? (await repo.findRevision(tx, user.userId));
  const lines = await repo.listLines(tx, user.userId);
  const ids = lines.map((l) => l.product_id);
  const scope = catalog.scopeFor(user);
  const [products, ranges] = await Promise.all([catalog.productsByIds(tx, scope, ids), catalog.priceRanges(tx, ids)]);
  const items: CartItem[] = [];
  for (const line of lines) {
    const p = products.find((x) => x.id === line.product_id);
    if (!p) continue;
    // A destroy line costs nothing: stock is written off, not sold (SPEC §4).
    const price = line.is_destroy
      ? 0
      : unitPriceFor(
          ranges.filter((r) => r.product_id === p.id),
          line.quantity,
        );
    items.push(cartItemOf(p, line.quantity, price, line.is_destroy));
  }
  return { items, revision: seen, dropped };
}

/**
 * One change of the cart: its row taken first, then the change, then the cart as it now stands.
 * With `baseRevision`, the change is made only if the cart is still at that revision: a copy made
 * before another tab or computer changed the cart (removed lines, placed an order) is stale and
 * must not bring those lines back (decision 027); the answer is the cart as it stands.
 */
function change(deps: CartDeps, user: SessionUser, apply: (tx: Executor) => Promise<Dropped>, baseRevision?: number) {
  return inRetriedTransaction(deps.db, async (tx) => {
    const revision = await repo.lockCart(tx, user.userId);
    const stale = baseRevision !== undefined && baseRevision !== revision - 1;
    const dropped = stale ? [] : await apply(tx);
    return readCart(deps, tx, user, revision, dropped);
  });
}

/**
 * The signed-in user's cart kept on the server (issue 11, decision 021). The browser keeps its own
 * copy (session storage) and sends each change here; on sign-in its lines are merged in. Every
 * change is one transaction that starts by taking the cart's row (repository lockCart), so two tabs
 * writing at once are applied one after the other and every answer is the whole cart as it stands,
 * with a revision that only goes up. Placing an order removes the ordered lines in the order's own
 * statement (orders/placing.repository.ts).
 */
export function createCartService(deps: CartDeps) {
  return {
    getCart: (user: SessionUser) => readCart(deps, deps.db, user),

    /**
     * The whole cart becomes these lines (an empty list empties it); lines of quantity 0 are left
     * out. Nothing changes when `baseRevision` is given and stale.
     */
    replaceCart: (user: SessionUser, items: CartLineInput[], baseRevision?: number) =>
      change(
        deps,
        user,
        async (tx) => {
          const { kept, dropped } = await keepable(deps, tx, user, items);
          await repo.deleteLines(tx, user.userId);
          await repo.upsertLines(tx, user.userId, kept, "set");
          return dropped;
        },
        baseRevision,
      ),

    /**
     * Sign-in: the browser's lines join the server's. A product in both keeps the larger quantity
     * (decision 021); every other line of either is kept. Nothing changes when `baseRevision` is
     * given and stale (a tab reloaded after another one ordered or emptied the cart, decision 027).
     */
    mergeCart: (user: SessionUser, items: CartLineInput[], baseRevision?: number) =>
      change(
        deps,
        user,
        async (tx) => {
          const { kept, dropped } = await keepable(deps, tx, user, items);
          await repo.upsertLines(tx, user.userId, kept, "max");
          return dropped;
        },
        baseRevision,
      ),

    /** Sets these lines (added, or their quantity replaced); a quantity of 0 removes the line. */
    updateCart: (user: SessionUser, items: CartLineInput[]) =>
      change(deps, user, async (tx) => {
        const removed = items.filter((i) => i.quantity === 0).map((i) => i.id);
        const removedSet = new Set(removed);
        const { kept, dropped } = await keepable(
          deps,
          tx,
          user,
          items.filter((i) => !removedSet.has(i.id)),
        );
        await repo.deleteLines(tx, user.userId, removed);
        await repo.upsertLines(tx, user.userId, kept, "set");
        return dropped;
      }),

    /**
     * Lines added after a check of the cart as it stands (quick order, decision 041): under the
     * cart's row lock `decide` reads its lines and answers the lines to set (each at the quantity it
     * checked, what the cart held included) with a result of its own. Two such changes of one cart
     * run one after the other, so neither checks lines the other is changing.
     */
    addChecked: <T>(
      user: SessionUser,
      decide: (tx: Executor, lines: CartLine[]) => Promise<{ set: CartLine[]; result: T }>,
    ) =>
      inRetriedTransaction(deps.db, async (tx) => {
        const revision = await repo.lockCart(tx, user.userId);
        const { set, result } = await decide(tx, await repo.listLines(tx, user.userId));
        await repo.upsertLines(tx, user.userId, set, "set");
        return { result, cart: await readCart(deps, tx, user, revision) };
      }),

    /**
     * The products of a destroy order leave its administrator's server cart in the order's
     * transaction (decision 027), as the order write's `cart_touched`/`cart_cleared` do for a sale.
     */
    removeOrderedLines: (tx: Executor, userId: number, productIds: number[]) =>
      repo.removeOrderedLines(tx, userId, productIds),

    /** The same removal as common table expressions of an order's one write statement (decision 018). */
    orderedLinesRemoval: (userId: number, productIds: number[], go: SQL) =>
      repo.orderedLinesRemovalCtes(userId, productIds, go),
  };
}

export type CartService = ReturnType<typeof createCartService>;
