import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { product_categories, products } from "../../db/schema/index.ts";
import { AppError } from "../../lib/app-error.ts";
import { findImage } from "../products/products.repository.ts";
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

  app.get(
    "/media/uploads/:id",
    { config: { access: "public" }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const image = await findImage(app.db, request.params.id);
      if (!image) throw new AppError("NOT_FOUND");
      // An upload's id never changes meaning: a new upload gets a new id.
      return reply
        .type(image.content_type)
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(image.data);
    },
  );
};
