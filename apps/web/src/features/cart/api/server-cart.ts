import { type CartItem, type CartLineInput, ServerCartSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

const lineOf = (item: CartItem): CartLineInput => ({
  id: item.id,
  quantity: item.quantity,
  ...(item.is_destroy ? { is_destroy: true } : {}),
});

const revisionOf = (revision: number | null) => (revision === null ? {} : { base_revision: revision });

/**
 * The server cart's calls (decision 021): each answers the whole cart with its revision. They run
 * from the cart sync (components/cart-sync.tsx), outside React Query: the cart's state is the cart
 * store's, which the answers update.
 */
export const serverCart = {
  /** POST /api/cart/query. */
  get: () => apiData("/api/cart/query", { body: {}, schema: ServerCartSchema }),
  /**
   * POST /api/cart/merge: at sign-in or a page load, this browser's lines join the server's (larger
   * quantity wins); with the revision the copy was in step with, a stale copy changes nothing.
   */
  merge: (items: CartItem[], baseRevision: number | null) =>
    apiData("/api/cart/merge", {
      body: { items: items.filter((i) => i.quantity > 0).map(lineOf), ...revisionOf(baseRevision) },
      schema: ServerCartSchema,
      priority: "low",
    }),
  /** POST /api/cart/update: these lines set; quantity 0 removes one. */
  update: (items: CartItem[]) =>
    apiData("/api/cart/update", { body: { items: items.map(lineOf) }, schema: ServerCartSchema }),
  /** POST /api/cart/replace: the whole cart becomes these lines (unless `baseRevision` is stale). */
  replace: (items: CartItem[], baseRevision: number | null = null) =>
    apiData("/api/cart/replace", {
      body: { items: items.filter((i) => i.quantity > 0).map(lineOf), ...revisionOf(baseRevision) },
      schema: ServerCartSchema,
    }),
};
