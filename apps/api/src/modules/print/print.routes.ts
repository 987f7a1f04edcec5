import {
  BrandAnswerSchema,
  BrandFormSchema,
  BrandQuerySchema,
  PrintFileSchema,
  ProductIdSchema,
  ProofApprovalSchema,
  ProofIdSchema,
  ProofSchema,
  TemplateAnswerSchema,
  TemplateListItemSchema,
  TemplatePreviewSchema,
  TemplateSaveSchema,
  TemplateSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { type App, postData } from "../../http/post-data.ts";
import type { PrintService } from "./print.service.ts";

/** A logo (2 MB) or a base PDF (5 MB) sent as base64 in JSON: a third larger, and the form around it. */
const LOGO_BODY_LIMIT = 3 * 1024 * 1024;
const TEMPLATE_BODY_LIMIT = 7 * 1024 * 1024 + 64 * 1024;

const brand = { tags: ["print"] };
const admin = { access: "admin" as const, tags: ["print"] };

/** Print on demand (issue 24 §1–§3): brands, proofs, print files and templates. */
export const printRoutes: FastifyPluginAsyncZod<{ print: PrintService }> = async (app, { print }) => {
  brandRoutes(app, print);
  proofRoutes(app, print);
  templateRoutes(app, print);
};

function brandRoutes(app: App, print: PrintService) {
  postData(
    app,
    "/brand/query",
    {
      ...brand,
      summary: "The practice's brand (administrators: any practice's); null when none is set up",
      body: BrandQuerySchema,
      data: BrandAnswerSchema,
      errors: [403],
    },
    (request) => print.getBrand(request.user, request.body.user_id),
  );
  postData(
    app,
    "/brand/save",
    {
      ...brand,
      summary:
        "Save the practice's brand (logo: base64 PNG, JPEG or WebP up to 2 MB; null removes it) as a new version",
      body: BrandFormSchema,
      data: BrandAnswerSchema.unwrap(),
      errors: [403, 404],
      bodyLimit: LOGO_BODY_LIMIT,
    },
    (request) => print.saveBrand(request.user, request.body),
  );
}

function proofRoutes(app: App, print: PrintService) {
  postData(
    app,
    "/proof/query",
    {
      ...brand,
      summary:
        "The practice's proof of a customizable product (its brand on the product's template), with a preview image",
      body: ProductIdSchema,
      data: ProofSchema,
      errors: [404, 409],
    },
    (request) => print.proof(request.user, request.body.product_id),
  );
  postData(
    app,
    "/proof/pdf",
    {
      ...brand,
      summary: "The watermarked proof as a PDF (the practice's own proofs only)",
      body: ProofIdSchema,
      download: true,
      errors: [404],
    },
    async (request) => ({
      type: "application/pdf",
      fileName: `proof-${request.body.proof_id}.pdf`,
      body: await print.proofPdf(request.user, request.body.proof_id),
    }),
  );
  postData(
    app,
    "/proof/approve",
    {
      ...brand,
      summary:
        "Approve a proof: the product may then be added to the cart while the brand and template are unchanged; lines staff sent back for it go to Pre Press",
      body: ProofIdSchema,
      data: ProofApprovalSchema,
      errors: [404, 409],
    },
    (request) => print.approve(request.user, request.body.proof_id),
  );
  postData(
    app,
    "/print/file",
    {
      ...admin,
      summary: "The print-ready PDF of order lines (no watermark, bleed and crop marks), merged in the order given",
      body: PrintFileSchema,
      download: true,
      errors: [404, 409],
    },
    async (request) => ({
      type: "application/pdf",
      fileName: `print-${request.body.order_product_ids.join("-").slice(0, 60)}.pdf`,
      body: Buffer.from(await print.printLines(request.body.order_product_ids)),
    }),
  );
}

function templateRoutes(app: App, print: PrintService) {
  postData(
    app,
    "/template/list",
    { ...admin, summary: "Customizable products and their print templates", data: z.array(TemplateListItemSchema) },
    () => print.listTemplates(),
  );
  postData(
    app,
    "/template/query",
    {
      ...admin,
      summary: "A customizable product's print template (null when none yet)",
      body: ProductIdSchema,
      data: TemplateAnswerSchema,
      errors: [404, 409],
    },
    (request) => print.getTemplate(request.body.product_id),
  );
  postData(
    app,
    "/template/save",
    {
      ...admin,
      summary:
        "Save a print template as a new version: base PDF (base64, up to 5 MB; left out keeps the current one), fields, bleed",
      body: TemplateSaveSchema,
      data: TemplateSchema,
      errors: [404, 409],
      bodyLimit: TEMPLATE_BODY_LIMIT,
    },
    (request) => print.saveTemplate(request.user, request.body),
  );
  postData(
    app,
    "/template/preview",
    {
      ...admin,
      summary: "Live preview (WebP data URL) of a template's unsaved placement with a practice's brand",
      body: TemplatePreviewSchema,
      data: z.object({ preview: z.string() }),
      errors: [404, 409],
      bodyLimit: TEMPLATE_BODY_LIMIT,
    },
    (request) => print.previewTemplate(request.body),
  );
}
