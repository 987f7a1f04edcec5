import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { product_categories, products } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { renderCover } from "./cover.ts";

const Params = z.object({ id: z.coerce.number().int().positive() });

/** Public images (an <img> sends no bearer token): generated covers of categories and products. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const svg = (body: string) => ({ body, type: "image/svg+xml", cache: "public, max-age=86400" });

  app.get(
    "/media/categories/:id.svg",
    { config: { access: "public" }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const [row] = await app.db
        .select({ name: product_categories.name })
        .from(product_categories)
        .where(eq(product_categories.id, request.params.id));
      if (!row) throw new AppError("NOT_FOUND");
      const out = svg(renderCover(request.params.id, row.name, "Vet Portal"));
      return reply.type(out.type).header("cache-control", out.cache).send(out.body);
    },
  );

  app.get(
    "/media/products/:id.svg",
    { config: { access: "public" }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const [row] = await app.db
        .select({ name: products.name, pack: products.package_quantity })
        .from(products)
        .where(eq(products.id, request.params.id));
      if (!row) throw new AppError("NOT_FOUND");
      const out = svg(renderCover(request.params.id, row.name, `Pack of ${row.pack}`));
      return reply.type(out.type).header("cache-control", out.cache).send(out.body);
    },
  );
};
