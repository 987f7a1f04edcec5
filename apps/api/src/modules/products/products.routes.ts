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
  ProductFormSchema,
  ProductUpdateSchema,
  ReplenishRequestSchema,
  StockChangeSchema,
} from "@vetportal/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { page, postData } from "../../http/post-data.ts";
import { AppError } from "../../lib/app-error.ts";
import { MAX_IMAGE_BYTES, type ProductsService } from "./products.service.ts";

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

/** The upload form, validated like a body: a field's problem is a 400 with per-field messages. */
async function parseUploadForm(request: FastifyRequest) {
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
  return parsed.data;
}

const admin = { access: "admin" as const, tags: ["products"] };
const inventoryAdmin = { access: "admin" as const, tags: ["inventory"] };

/** Product administration and inventory (issue 4): administrators only. */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService }> = async (app, { products }) => {
  postData(
    app,
    "/product/add",
    { ...admin, summary: "Add a product", body: ProductFormSchema, data: IdResultSchema },
    (request) => products.addProduct(request.user, request.body),
  );

  postData(
    app,
    "/product/update",
    { ...admin, summary: "Modify a product", body: ProductUpdateSchema, data: IdResultSchema },
    (request) => {
      const { id, ...form } = request.body;
      return products.updateProduct(request.user, id, form);
    },
  );

  // The one multipart route, in its own scope so that no other route gets the multipart parser.
  await app.register(async (upload) => {
    await upload.register(multipart, { limits: UPLOAD_LIMITS });
    postData(
      upload,
      "/product/image",
      {
        ...admin,
        summary: "Upload a product image (multipart/form-data: id, file; PNG, JPEG or WebP up to 2 MB)",
        consumes: ["multipart/form-data"],
        data: z.object({ image_url: z.string() }),
      },
      async (request) => {
        const form = await parseUploadForm(request);
        return products.setImage(request.user, form.id, form.file);
      },
    );
  });

  postData(
    app,
    "/product/export",
    {
      ...admin,
      summary: "Products as CSV (ID, Name, SKU)",
      body: z.object({ product_category_id: IdSchema.optional() }),
      download: true,
    },
    async (request) => ({
      type: "text/csv; charset=utf-8",
      fileName: request.body.product_category_id ? `products_${request.body.product_category_id}.csv` : "products.csv",
      body: await products.exportCsv(request.body.product_category_id),
    }),
  );

  postData(
    app,
    "/product/destroy",
    {
      ...admin,
      summary: "The whole stock of a destroyable product as a cart line marked for destruction",
      body: IdRequestSchema,
      data: CartItemSchema,
    },
    (request) => products.destroyLine(request.body.id),
  );

  postData(
    app,
    "/inventory/replenish",
    { ...inventoryAdmin, summary: "Receive stock", body: ReplenishRequestSchema, data: StockChangeSchema },
    (request) => products.replenish(request.user, request.body),
  );

  postData(
    app,
    "/inventory/adjust",
    {
      ...inventoryAdmin,
      summary: "Correct stock by a signed quantity with a reason",
      body: AdjustRequestSchema,
      data: StockChangeSchema,
    },
    (request) => products.adjust(request.user, request.body),
  );

  postData(
    app,
    "/inventory/ledger",
    {
      ...inventoryAdmin,
      summary: "A product's inventory ledger, newest first",
      body: LedgerRequestSchema,
      data: z.array(LedgerRowSchema),
    },
    async (request) => {
      const { rows, total } = await products.ledger(request.body.product_id, request.body.limit, request.body.offset);
      return page(rows, total);
    },
  );
};
