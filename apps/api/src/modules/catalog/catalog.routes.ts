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
import type { CatalogService } from "./catalog.service.ts";

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.post(
    "/product/categories",
    {
      config: { invalidatesCaches: false },
      schema: {
        tags: ["catalog"],
        summary: "Categories the signed-in user may see (NY rule and 2214-last applied)",
        body: CategoryListRequestSchema,
        response: { 200: okSchema(z.array(CategorySchema)) },
      },
    },
    async (request) => catalog.listCategories(request.user, request.body),
  );

  app.post(
    "/product/list",
    {
      config: { invalidatesCaches: false },
      schema: {
        tags: ["catalog"],
        summary: "A category's products, or a name search, among the products the user may see",
        body: ProductListRequestSchema,
        response: { 200: okSchema(z.array(ProductListItemSchema)) },
      },
    },
    async (request) => catalog.listProducts(request.user, request.body),
  );

  app.post(
    "/product/query",
    {
      config: { invalidatesCaches: false },
      schema: {
        tags: ["catalog"],
        summary: "One product with its rules and estimated shipping date (404 when not visible to the user)",
        body: ProductQueryRequestSchema,
        response: { 200: okSchema(ProductDetailSchema) },
      },
    },
    async (request) => ({
      result: 1 as const,
      data: await catalog.getProduct(request.user, request.body.id, request.body.product_category_id),
    }),
  );

  app.post(
    "/user/eventLog",
    {
      // It writes only the event log, which no cache reads.
      config: { invalidatesCaches: false },
      schema: {
        tags: ["catalog"],
        summary: "Record a page touch: home, category, product, add to cart, checkout",
        body: EventLogRequestSchema,
        response: { 200: okSchema(z.null()) },
      },
    },
    async (request) => {
      await catalog.logEvent(request.user, request.body);
      return { result: 1 as const, data: null };
    },
  );
};
