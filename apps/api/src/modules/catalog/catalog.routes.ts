import {
  CategoryListRequestSchema,
  CategorySchema,
  EventLogRequestSchema,
  okSchema,
  ProductDetailSchema,
  ProductListItemSchema,
  ProductListRequestSchema,
  ProductQueryRequestSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { postData } from "../../http/post-data.ts";
import type { CatalogService } from "./catalog.service.ts";

/** Reads of the cached catalogue: the caches stay valid. */
const reads = { tags: ["catalog"], invalidatesCaches: false };

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  // The reads answer whole, memoised answers ({ result, data, found_rows }), serialized once each.
  postData(
    app,
    "/product/categories",
    {
      ...reads,
      summary: "Categories the signed-in user may see (NY rule and 2214-last applied)",
      body: CategoryListRequestSchema,
      answer: okSchema(z.array(CategorySchema)),
    },
    (request) => catalog.listCategories(request.user, request.body),
  );

  postData(
    app,
    "/product/list",
    {
      ...reads,
      summary: "A category's products, or a search by name or SKU, among the products the user may see",
      body: ProductListRequestSchema,
      answer: okSchema(z.array(ProductListItemSchema)),
    },
    (request) => catalog.listProducts(request.user, request.body),
  );

  postData(
    app,
    "/product/query",
    {
      ...reads,
      summary: "One product with its rules and estimated shipping date (404 when not visible to the user)",
      body: ProductQueryRequestSchema,
      answer: okSchema(ProductDetailSchema),
    },
    (request) => catalog.getProduct(request.user, request.body.id, request.body.product_category_id),
  );

  postData(
    app,
    "/user/eventLog",
    {
      // It writes only the event log, which no cache reads.
      ...reads,
      summary: "Record a page touch: home, category, product, add to cart, checkout",
      body: EventLogRequestSchema,
      data: z.null(),
    },
    async (request) => {
      await catalog.logEvent(request.user, request.body);
      return null;
    },
  );
};
