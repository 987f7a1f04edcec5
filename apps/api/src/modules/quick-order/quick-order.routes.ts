import { QuickOrderRequestSchema, QuickOrderResultSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { postData } from "../../http/post-data.ts";
import type { QuickOrderService } from "./quick-order.service.ts";

/** Quick order (issue 23 §3, decision 041): lines of SKU and quantity into the signed-in user's cart. */
export const quickOrderRoutes: FastifyPluginAsyncZod<{ quickOrder: QuickOrderService }> = async (
  app,
  { quickOrder },
) => {
  postData(
    app,
    "/quick-order/add",
    {
      // It writes the cart only, which no cache holds.
      tags: ["cart"],
      invalidatesCaches: false,
      summary:
        "Quick order: lines of SKU and quantity (typed, pasted or a CSV file's text) checked against the user's catalogue; the good lines are added to the cart, each refused line says why",
      body: QuickOrderRequestSchema,
      data: QuickOrderResultSchema,
    },
    (request) => quickOrder.addLines(request.user, request.body.text),
  );
};
