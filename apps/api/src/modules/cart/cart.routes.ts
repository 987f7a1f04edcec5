import {
  CartMergeRequestSchema,
  CartQueryRequestSchema,
  CartReplaceRequestSchema,
  CartUpdateRequestSchema,
  okSchema,
  ServerCartSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CartService } from "./cart.service.ts";

/** The signed-in user's cart kept on the server (issue 11, decision 021). Every answer is the whole cart. */
export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  const response = { 200: okSchema(ServerCartSchema) };

  app.post(
    "/cart/query",
    {
      schema: { tags: ["cart"], summary: "The signed-in user's cart", body: CartQueryRequestSchema, response },
      config: { invalidatesCaches: false },
    },
    async (request) => ({ result: 1 as const, data: await cart.getCart(request.user) }),
  );

  app.post(
    "/cart/replace",
    {
      schema: {
        tags: ["cart"],
        summary: "Replace the whole cart with these lines (an empty list empties it)",
        body: CartReplaceRequestSchema,
        response,
      },
      config: { invalidatesCaches: false },
    },
    async (request) => ({ result: 1 as const, data: await cart.replaceCart(request.user, request.body.items) }),
  );

  app.post(
    "/cart/merge",
    {
      schema: {
        tags: ["cart"],
        summary:
          "Merge the browser's cart into the server's at sign-in: every line of either is kept; a product in both keeps the larger quantity",
        body: CartMergeRequestSchema,
        response,
      },
      config: { invalidatesCaches: false },
    },
    async (request) => ({ result: 1 as const, data: await cart.mergeCart(request.user, request.body.items) }),
  );

  app.post(
    "/cart/update",
    {
      schema: {
        tags: ["cart"],
        summary: "Add lines or set their quantities; a quantity of 0 removes the line",
        body: CartUpdateRequestSchema,
        response,
      },
      config: { invalidatesCaches: false },
    },
    async (request) => ({ result: 1 as const, data: await cart.updateCart(request.user, request.body.items) }),
  );
};
