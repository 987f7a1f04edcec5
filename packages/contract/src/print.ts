import { z } from "zod";
import { dbInt, dbText, IdSchema } from "./primitives.ts";
import { PhoneSchema } from "./users.ts";

/**
 * Print on demand (issue 24 §1–§3, decision 044): a practice's brand, a customizable product's
 * print template, and the proof the practice approves before ordering.
 */

/** Logo limits: the uploaded file's bytes and pixels; the stored PNG is at most LOGO_STORED_PX a side. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_MAX_PIXELS = 4000;
export const LOGO_STORED_PX = 1200;
/** A template's base PDF: at most 5 MB. */
export const TEMPLATE_MAX_BYTES = 5 * 1024 * 1024;

export const PRINT_MESSAGES = {
  logoType: "Upload the logo as a PNG, JPEG or WebP image (SVG is not accepted).",
  logoTooLarge: "The logo can be at most 2 MB.",
  logoDimensions: `The logo can be at most ${LOGO_MAX_PIXELS} × ${LOGO_MAX_PIXELS} pixels.`,
  logoCorrupt: "The logo could not be read as an image. Save it again as PNG or JPEG and upload it.",
  base64: "The file must be sent as base64.",
  pdfInvalid: "The template must be a PDF file that opens.",
  pdfTooLarge: "The template PDF can be at most 5 MB.",
  noBrand: "Set up your practice's brand first (Account → Brand).",
  noTemplate: "This product has no print template yet.",
  notCustomizable: "This product is not personalised.",
  proofNeeded: "Approve the proof of this personalised product before adding it to the cart.",
  proofStale: "Your brand or the product's template changed since you approved the proof. Approve the new proof.",
  textTooLong: (field: string) => `The ${field} is too long to fit its box on the template, even at the smallest size.`,
  brandSaved: "Brand saved",
  templateSaved: "Template saved",
} as const;

const optionalLine = (max: number) => dbText().trim().max(max, `At most ${max} characters`);

/** Base64 file content (no data: prefix); the server decodes and checks it. */
const Base64Schema = z
  .string()
  .max(8 * 1024 * 1024)
  .regex(/^[A-Za-z0-9+/\s]*={0,2}\s*$/, PRINT_MESSAGES.base64);

/** The brand form; `logo`: base64 of a new file, null removes the logo, left out keeps it. */
export const BrandFormSchema = z.object({
  /** Administrators may save any practice's brand; a practice only its own. */
  user_id: IdSchema.optional(),
  display_name: dbText("Display name is required")
    .trim()
    .min(1, "Display name is required")
    .max(80, "At most 80 characters"),
  address_lines: optionalLine(200).refine((s) => s.split("\n").length <= 4, "At most 4 lines"),
  phone: z.union([z.literal(""), PhoneSchema]),
  website: z.union([
    z.literal(""),
    dbText()
      .trim()
      .max(200, "At most 200 characters")
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, "Enter a web address starting with https://"),
  ]),
  hours: optionalLine(200).refine((s) => s.split("\n").length <= 4, "At most 4 lines"),
  logo: Base64Schema.nullable().optional(),
});
export type BrandForm = z.input<typeof BrandFormSchema>;

export const BrandQuerySchema = z.object({ user_id: IdSchema.optional() });

export const BrandSchema = z.object({
  user_id: z.number().int(),
  version: z.number().int(),
  hash: z.string(),
  display_name: z.string(),
  address_lines: z.string(),
  phone: z.string(),
  website: z.string(),
  hours: z.string(),
  /** The stored logo as a data: URL (PNG), or null. */
  logo: z.string().nullable(),
  logo_width: z.number().int().nullable(),
  logo_height: z.number().int().nullable(),
  updated: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;
/** The brand of a practice that has none yet is null. */
export const BrandAnswerSchema = BrandSchema.nullable();

export const TEMPLATE_FIELD_KINDS = ["practice_name", "phone", "address", "hours", "website", "qr", "logo"] as const;
export const TEMPLATE_FIELD_LABELS: Record<(typeof TEMPLATE_FIELD_KINDS)[number], string> = {
  practice_name: "Practice name",
  phone: "Phone",
  address: "Address",
  hours: "Opening hours",
  website: "Website",
  qr: "QR code (website)",
  logo: "Logo box",
};
export const TEMPLATE_FONTS = [
  "Helvetica",
  "Helvetica-Bold",
  "Times-Roman",
  "Times-Bold",
  "Courier",
  "Courier-Bold",
] as const;

const mm = (max: number) => dbInt().min(0, "At least 0").max(max, `At most ${max}`);

/**
 * A field placed on the template's first page, in millimetres from the trim box's top-left corner;
 * text shrinks from `size` down to `min_size` points to fit its box, and is refused below that.
 */
export const TemplateFieldSchema = z
  .object({
    kind: z.enum(TEMPLATE_FIELD_KINDS),
    x: mm(2000),
    y: mm(2000),
    width: mm(2000).min(1, "At least 1"),
    height: mm(2000).min(1, "At least 1"),
    font: z.enum(TEMPLATE_FONTS),
    size: dbInt().min(4, "At least 4").max(144, "At most 144"),
    min_size: dbInt().min(4, "At least 4").max(144, "At most 144"),
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/, "A colour like #1a2b3c"),
    align: z.enum(["left", "center", "right"]),
  })
  .refine((f) => f.min_size <= f.size, { message: "The minimum size is at most the size", path: ["min_size"] });
export type TemplateField = z.infer<typeof TemplateFieldSchema>;

export const TemplateFieldsSchema = z.array(TemplateFieldSchema).max(20, "At most 20 fields");

/** Saving a template: a new base PDF (base64) or the current one kept, its fields and bleed. */
export const TemplateSaveSchema = z.object({
  product_id: IdSchema,
  base_pdf: Base64Schema.optional(),
  fields: TemplateFieldsSchema,
  bleed_mm: dbInt().min(0, "At least 0").max(10, "At most 10"),
});
export type TemplateSave = z.input<typeof TemplateSaveSchema>;

/** A live preview of unsaved placement: the fields and bleed on the current (or a new) base PDF. */
export const TemplatePreviewSchema = TemplateSaveSchema.extend({ user_id: IdSchema.optional() });

export const TemplateSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  version: z.number().int(),
  fields: z.array(TemplateFieldSchema),
  bleed_mm: z.number().int(),
  page_width_mm: z.number(),
  page_height_mm: z.number(),
  updated: z.string(),
});
export type Template = z.infer<typeof TemplateSchema>;
export const TemplateAnswerSchema = TemplateSchema.nullable();

export const TemplateListItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  version: z.number().int().nullable(),
  fields: z.number().int(),
});
export const ProductIdSchema = z.object({ product_id: IdSchema });

/** The practice's proof of a product: the current brand on the current template. */
export const ProofSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  brand_version: z.number().int(),
  template_version: z.number().int(),
  approved: z.boolean(),
  approved_at: z.string().nullable(),
  /** The practice's version of the product as a WebP data: URL (decision 044). */
  preview: z.string(),
});
export type Proof = z.infer<typeof ProofSchema>;

export const ProofIdSchema = z.object({ proof_id: IdSchema });
/** An approval's answer: when it was approved, and how many lines sent back it released to Pre Press. */
export const ProofApprovalSchema = z.object({
  id: z.number().int(),
  approved_at: z.string().nullable(),
  released_lines: z.number().int(),
});
export const PrintFileSchema = z.object({
  order_product_ids: z.array(IdSchema).min(1, "Choose at least one line").max(200, "At most 200 lines"),
});
