import {
  AdjustRequestSchema,
  CartItemSchema,
  IdRequestSchema,
  LedgerRequestSchema,
  LedgerRowSchema,
  okSchema,
  ProductFormSchema,
  ProductUpdateSchema,
  ReplenishRequestSchema,
  StockChangeSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { ProductsService } from "./products.service.ts";

const admin = { access: "admin" as const };
const IdResult = okSchema(z.object({ id: z.number().int() }));

const ImageUploadSchema = z.object({
  id: z.coerce.number({ error: "Product id is required" }).int().positive(),
  file: z.custom<Buffer>((v) => Buffer.isBuffer(v), "Choose an image file"),
});

/** Product administration and inventory (issue 4): administrators only. */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  app.post(
    "/product/add",
    {
      config: admin,
      schema: { tags: ["products"], summary: "Add a product", body: ProductFormSchema, response: { 200: IdResult } },
    },
    async (request) => ({ result: 1 as const, data: await products.addProduct(request.body) }),
  );

  app.post(
    "/product/update",
    {
      config: admin,
      schema: {
        tags: ["products"],
        summary: "Modify a product",
        body: ProductUpdateSchema,
        response: { 200: IdResult },
      },
    },
    async (request) => {
      const { id, ...form } = request.body;
      return { result: 1 as const, data: await products.updateProduct(id, form) };
    },
  );

  app.post(
    "/product/image",
    {
      config: admin,
      schema: {
        tags: ["products"],
        summary: "Upload a product image (multipart/form-data: id, file; PNG, JPEG or WebP up to 2 MB)",
        consumes: ["multipart/form-data"],
        response: { 200: okSchema(z.object({ image_url: z.string() })) },
      },
    },
    async (request) => {
      const parsed = ImageUploadSchema.safeParse(request.body);
      if (!parsed.success) {
        const fields = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join(".") || "body", i.message]));
        throw new AppError("VALIDATION_FAILED", undefined, fields);
      }
      return { result: 1 as const, data: await products.setImage(parsed.data.id, parsed.data.file) };
    },
  );

  app.post(
    "/product/export",
    {
      config: admin,
      schema: {
        tags: ["products"],
        summary: "Products as CSV (ID, Name, SKU)",
        body: z.object({ product_category_id: z.coerce.number().int().positive().optional() }),
      },
    },
    async (request, reply) => {
      const csv = await products.exportCsv(request.body.product_category_id);
      const name = request.body.product_category_id
        ? `products_${request.body.product_category_id}.csv`
        : "products.csv";
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  app.post(
    "/product/destroy",
    {
      config: admin,
      schema: {
        tags: ["products"],
        summary: "The whole stock of a destroyable product as a cart line marked for destruction",
        body: IdRequestSchema,
        response: { 200: okSchema(CartItemSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await products.destroyLine(request.body.id) }),
  );

  app.post(
    "/inventory/replenish",
    {
      config: admin,
      schema: {
        tags: ["inventory"],
        summary: "Receive stock",
        body: ReplenishRequestSchema,
        response: { 200: okSchema(StockChangeSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await products.replenish(request.user, request.body) }),
  );

  app.post(
    "/inventory/adjust",
    {
      config: admin,
      schema: {
        tags: ["inventory"],
        summary: "Correct stock by a signed quantity with a reason",
        body: AdjustRequestSchema,
        response: { 200: okSchema(StockChangeSchema) },
      },
    },
    async (request) => ({ result: 1 as const, data: await products.adjust(request.user, request.body) }),
  );

  app.post(
    "/inventory/ledger",
    {
      config: admin,
      schema: {
        tags: ["inventory"],
        summary: "A product's inventory ledger, newest first",
        body: LedgerRequestSchema,
        response: { 200: okSchema(z.array(LedgerRowSchema)) },
      },
    },
    async (request) => {
      const { rows, total } = await products.ledger(request.body.product_id, request.body.limit, request.body.offset);
      return { result: 1 as const, data: rows, found_rows: total };
    },
  );
};
