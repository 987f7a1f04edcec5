import multipart from "@fastify/multipart";
import {
  AdjustRequestSchema,
  CartItemSchema,
  formInt,
  IdRequestSchema,
  IdResultSchema,
  IdSchema,
  LedgerRequestSchema,
  LedgerRowSchema,
  MESSAGES,
  okSchema,
  ProductFormSchema,
  ProductUpdateSchema,
  ReplenishRequestSchema,
  StockChangeSchema,
} from "@vetportal/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { postData } from "../../http/post-data.ts";
import { AppError } from "../../lib/app-error.ts";
import { MAX_IMAGE_BYTES, type ProductsService } from "./products.service.ts";

const admin = { access: "admin" as const };
const IdResult = okSchema(IdResultSchema);

/** The upload form; strict like every body (decision 027): a part under another name is refused. */
const ImageUploadSchema = z.strictObject({
  id: formInt("Product id is required").refine((id) => id > 0, "Product id is required"),
  file: z.custom<Buffer>((v) => Buffer.isBuffer(v), "Choose an image file"),
});

/**
 * The upload form is a product id and one file, nothing more: the parser stops at the first
 * part beyond these limits (decision 013). Only this route accepts multipart at all.
 */
const UPLOAD_LIMITS = {
  fieldNameSize: 50,
  fieldSize: 50,
  fields: 1,
  files: 1,
  parts: 2,
  headerPairs: 10,
  fileSize: MAX_IMAGE_BYTES,
};

/** Reads the multipart upload form into { field: value, file: Buffer }, mapping parser failures to 4xx. */
async function readUploadForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Upload the image as multipart/form-data with the fields id and file.",
    );
  }
  const form: Record<string, unknown> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        form[part.fieldname] = await part.toBuffer();
      } else if (part.valueTruncated || part.fieldnameTruncated) {
        throw new AppError("PAYLOAD_TOO_LARGE", "A form field is too long.");
      } else {
        form[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", "Images can be at most 2 MB.", { file: "At most 2 MB" });
    }
    // The plugin's own limit errors (FST_*) are mapped by the error handler; the rest come from
    // the multipart parser itself: no boundary, a malformed part header, a truncated body.
    if (typeof code === "string") throw err;
    throw new AppError("VALIDATION_FAILED", `The multipart form could not be read: ${(err as Error).message}`);
  }
  return form;
}

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

  // The one multipart route, in its own scope so that no other route gets the multipart parser.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: UPLOAD_LIMITS });
    upload.post(
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
        const parsed = ImageUploadSchema.safeParse(await readUploadForm(request));
        if (!parsed.success) {
          const fields = Object.fromEntries(
            parsed.error.issues.flatMap((i) =>
              i.code === "unrecognized_keys"
                ? i.keys.map((key) => [key, MESSAGES.unknownField])
                : [[i.path.join(".") || "body", i.message]],
            ),
          );
          throw new AppError("VALIDATION_FAILED", undefined, fields);
        }
        return { result: 1 as const, data: await products.setImage(parsed.data.id, parsed.data.file) };
      },
    );
  });

  app.post(
    "/product/export",
    {
      config: admin,
      schema: {
        tags: ["products"],
        summary: "Products as CSV (ID, Name, SKU)",
        body: z.object({ product_category_id: IdSchema.optional() }),
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

  postData(
    app,
    "/product/destroy",
    {
      access: "admin",
      tags: ["products"],
      summary: "The whole stock of a destroyable product as a cart line marked for destruction",
      body: IdRequestSchema,
      data: CartItemSchema,
    },
    (request) => products.destroyLine(request.body.id),
  );

  postData(
    app,
    "/inventory/replenish",
    {
      access: "admin",
      tags: ["inventory"],
      summary: "Receive stock",
      body: ReplenishRequestSchema,
      data: StockChangeSchema,
    },
    (request) => products.replenish(request.user, request.body),
  );

  postData(
    app,
    "/inventory/adjust",
    {
      access: "admin",
      tags: ["inventory"],
      summary: "Correct stock by a signed quantity with a reason",
      body: AdjustRequestSchema,
      data: StockChangeSchema,
    },
    (request) => products.adjust(request.user, request.body),
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
