import { type CartItem, type CartLineInput, type ServerCart, unitPriceFor } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { cartItemOf, productScopeFor, productsByIds } from "../catalog/catalog.service.ts";
import { inRetriedTransaction } from "../orders/retry.ts";
import * as repo from "./cart.repository.ts";

type Dropped = ServerCart["dropped"];

/**
 * The signed-in user's cart kept on the server (issue 11, decision 021). The browser keeps its own
 * copy (session storage) and sends each change here; on sign-in its lines are merged in. Every
 * change is one transaction that starts by taking the cart's row (repository lockCart), so two tabs
 * writing at once are applied one after the other and every answer is the whole cart as it stands,
 * with a revision that only goes up. Placing an order removes the ordered lines in the order's own
 * statement (orders/placing.repository.ts).
 */
export function createCartService(db: Database, config: Config) {
  /**
   * The lines the user may keep of those sent with a quantity: products the user may order; destroy
   * lines for administrators only.
   */
  async function keepable(tx: Executor, user: SessionUser, lines: CartLineInput[]) {
    // One line per product: the last one sent with a quantity wins.
    const byProduct = new Map<number, CartLineInput>();
    for (const line of lines) if (line.quantity > 0) byProduct.set(line.id, line);
    const unique = [...byProduct.values()];
    const scope = await productScopeFor(db, config, user);
    const found = new Set(
      (
        await productsByIds(
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
    const scope = await productScopeFor(db, config, user);
    const [products, ranges] = await Promise.all([productsByIds(tx, scope, ids), repo.listPriceRanges(tx, ids)]);
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
  function change(user: SessionUser, apply: (tx: Executor) => Promise<Dropped>, baseRevision?: number) {
    return inRetriedTransaction(db, async (tx) => {
      const revision = await repo.lockCart(tx, user.userId);
      const stale = baseRevision !== undefined && baseRevision !== revision - 1;
      const dropped = stale ? [] : await apply(tx);
      return readCart(tx, user, revision, dropped);
    });
  }

  return {
    getCart: (user: SessionUser) => readCart(db, user),

    /**
     * The whole cart becomes these lines (an empty list empties it); lines of quantity 0 are left
     * out. Nothing changes when `baseRevision` is given and stale.
     */
    replaceCart: (user: SessionUser, items: CartLineInput[], baseRevision?: number) =>
      change(
        user,
        async (tx) => {
          const { kept, dropped } = await keepable(tx, user, items);
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
        user,
        async (tx) => {
          const { kept, dropped } = await keepable(tx, user, items);
          await repo.upsertLines(tx, user.userId, kept, "max");
          return dropped;
        },
        baseRevision,
      ),

    /** Sets these lines (added, or their quantity replaced); a quantity of 0 removes the line. */
    updateCart: (user: SessionUser, items: CartLineInput[]) =>
      change(user, async (tx) => {
        const removed = items.filter((i) => i.quantity === 0).map((i) => i.id);
        const removedSet = new Set(removed);
        const { kept, dropped } = await keepable(
          tx,
          user,
          items.filter((i) => !removedSet.has(i.id)),
        );
        await repo.deleteLines(tx, user.userId, removed);
        await repo.upsertLines(tx, user.userId, kept, "set");
        return dropped;
      }),
  };
}

export type CartService = ReturnType<typeof createCartService>;
