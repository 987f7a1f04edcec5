import { CategoryListRequestSchema, CategorySchema, okSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { CatalogService } from "./catalog.service.ts";

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.post(
    "/product/categories",
    {
      schema: {
        tags: ["catalog"],
        summary: "Categories the signed-in user may see (NY rule and 2214-last applied)",
        body: CategoryListRequestSchema,
        response: { 200: okSchema(z.array(CategorySchema)) },
      },
    },
    async (request) => {
      const data = await catalog.listCategories(request.user, request.body);
      return { result: 1 as const, data, found_rows: data.length };
    },
  );
};
