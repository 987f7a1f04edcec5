import { IdSchema } from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import { findCategoryName, findProductCover } from "../catalog/catalog.repository.ts";
import { findImage } from "../products/products.repository.ts";
import { renderCover } from "./cover.ts";

const Params = z.object({ id: IdSchema });
// ?category=N gives the variant of a product whose thumbnail depends on the category (SPEC §9, 144048).
const ProductQuery = z.object({ category: IdSchema.optional() });
const SVG_CACHE = "public, max-age=86400";

/** Public images (an <img> sends no bearer token): generated covers and uploaded product images. */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/media/categories/:id.svg",
    { config: { access: "public" }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const name = await findCategoryName(app.db, request.params.id);
      if (name === undefined) throw new AppError("NOT_FOUND");
      return reply
        .type("image/svg+xml")
        .header("cache-control", SVG_CACHE)
        .send(renderCover(request.params.id, name, "Vet Portal"));
    },
  );

  app.get(
    "/media/products/:id.svg",
    { config: { access: "public" }, schema: { hide: true, params: Params, querystring: ProductQuery } },
    async (request, reply) => {
      const product = await findProductCover(app.db, request.params.id);
      if (!product) throw new AppError("NOT_FOUND");
      const category = request.query.category ? await findCategoryName(app.db, request.query.category) : undefined;
      const cover = category
        ? renderCover(request.params.id + (request.query.category ?? 0), product.name, `${category} edition`)
        : renderCover(request.params.id, product.name, `Pack of ${product.pack}`);
      return reply.type("image/svg+xml").header("cache-control", SVG_CACHE).send(cover);
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
