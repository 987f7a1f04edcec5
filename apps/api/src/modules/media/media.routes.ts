import { createHash } from "node:crypto";
import { TextIdSchema } from "@vetportal/contract";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { ProductsService } from "../products/products.service.ts";
import { renderCover } from "./cover.ts";

const Params = z.object({ id: TextIdSchema });
// ?category=N gives the variant of a product whose thumbnail depends on the category (SPEC §9, 144048).
const ProductQuery = z.object({ category: TextIdSchema.optional() });
const SVG_CACHE = "public, max-age=86400";

/** Whether the browser's If-None-Match names this entity tag (a list, weak tags and * included). */
function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers["if-none-match"];
  if (!header) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t === etag || t === `W/${etag}`;
  });
}

/**
 * Sends an image with its entity tag; a browser revalidating a copy it has (a generated cover
 * after its day of max-age, say) gets 304 and no body.
 */
function sendImage(
  request: FastifyRequest,
  reply: FastifyReply,
  image: { type: string; cacheControl: string; etag: string; body: string | Buffer },
) {
  reply.header("cache-control", image.cacheControl).header("etag", image.etag);
  if (matches(request, image.etag)) return reply.code(304).send();
  return reply.type(image.type).send(image.body);
}

const svg = (body: string) => ({
  type: "image/svg+xml",
  cacheControl: SVG_CACHE,
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
  body,
});

/** Public images (an <img> sends no bearer token): generated covers and uploaded product images. */
export const mediaRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService; products: ProductsService }> = async (
  app,
  { catalog, products },
) => {
  app.get(
    "/media/categories/:id.svg",
    { config: { access: "public" }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const name = await catalog.findCategoryName(request.params.id);
      if (name === undefined) throw new AppError("NOT_FOUND");
      return sendImage(request, reply, svg(renderCover(request.params.id, name, "Vet Portal")));
    },
  );

  app.get(
    "/media/products/:id.svg",
    { config: { access: "public" }, schema: { hide: true, params: Params, querystring: ProductQuery } },
    async (request, reply) => {
      const product = await catalog.findProductCover(request.params.id);
      if (!product) throw new AppError("NOT_FOUND");
      const category = request.query.category ? await catalog.findCategoryName(request.query.category) : undefined;
      const cover = category
        ? renderCover(request.params.id + (request.query.category ?? 0), product.name, `${category} edition`)
        : renderCover(request.params.id, product.name, `Pack of ${product.pack}`);
      return sendImage(request, reply, svg(cover));
    },
  );

  app.get(
    "/media/uploads/:id",
    { config: { access: "public" }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const image = await products.findUpload(request.params.id);
      if (!image) throw new AppError("NOT_FOUND");
      // An upload's id never changes meaning: a new upload gets a new id.
      return sendImage(request, reply, {
        type: image.content_type,
        cacheControl: "public, max-age=31536000, immutable",
        etag: `"upload-${request.params.id}"`,
        body: image.data,
      });
    },
  );
};
