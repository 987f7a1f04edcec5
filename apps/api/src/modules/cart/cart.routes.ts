import {
  CartMergeRequestSchema,
  CartQueryRequestSchema,
  CartReplaceRequestSchema,
  CartUpdateRequestSchema,
  ServerCartSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postData } from "../../http/post-data.ts";
import type { CartService } from "./cart.service.ts";

/** The signed-in user's cart kept on the server (issue 11, decision 021). Every answer is the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  /** Every cart route reads or writes the cart only (no cached data changes) and answers the whole cart. */
  const cartRoute = { tags: ["cart"], invalidatesCaches: false, data: ServerCartSchema };

  postData(
    app,
    "/cart/query",
    { ...cartRoute, summary: "The signed-in user's cart", body: CartQueryRequestSchema },
    (request) => cart.getCart(request.user),
  );

  postData(
    app,
    "/cart/replace",
    {
      ...cartRoute,
      summary:
        "Replace the whole cart with these lines (an empty list empties it); with a stale base_revision, nothing changes",
      body: CartReplaceRequestSchema,
    },
    (request) => cart.replaceCart(request.user, request.body.items, request.body.base_revision),
  );

  postData(
    app,
    "/cart/merge",
    {
      ...cartRoute,
      summary:
        "Merge the browser's cart into the server's at sign-in: every line of either is kept; a product in both keeps the larger quantity. A copy sent with a stale base_revision changes nothing",
      body: CartMergeRequestSchema,
    },
    (request) => cart.mergeCart(request.user, request.body.items, request.body.base_revision),
  );

  postData(
    app,
    "/cart/update",
    {
      ...cartRoute,
      summary: "Add lines or set their quantities; a quantity of 0 removes the line",
      body: CartUpdateRequestSchema,
    },
    (request) => cart.updateCart(request.user, request.body.items),
  );
};
