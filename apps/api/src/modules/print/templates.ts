import {
  PRINT_MESSAGES,
  TEMPLATE_MAX_BYTES,
  type Template,
  type TemplateField,
  type TemplateSave,
} from "@vetportal/contract";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import { brandContent } from "./brand.ts";
import { decodeBase64 } from "./logo.ts";
import * as repo from "./print.repository.ts";
import { previewDataUrl } from "./raster.ts";
import { type BrandContent, basePageSize, renderProof } from "./render.ts";

/** The brand a template's preview shows when the practice chosen (or the administrator) has none. */
export const SAMPLE_BRAND: BrandContent = {
  display_name: "Sample Veterinary Practice",
  address_lines: "1 Example Street\nSpringfield, CA 90000",
  phone: "555-555-0100",
  website: "https://example.com/book",
  hours: "Mon-Fri 8am-6pm\nSat 9am-1pm",
  logo_png: null,
};

/** Decodes and checks an uploaded base PDF: at most 5 MB, opens with pdf-lib, has a page. */
async function checkedBase(base64: string) {
  const bytes = decodeBase64(base64, "base_pdf", PRINT_MESSAGES.base64);
  if (bytes.length > TEMPLATE_MAX_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", PRINT_MESSAGES.pdfTooLarge, { base_pdf: PRINT_MESSAGES.pdfTooLarge });
  }
  if (bytes.subarray(0, 5).toString("latin1") !== "%PDF-") {
    throw new AppError("VALIDATION_FAILED", PRINT_MESSAGES.pdfInvalid, { base_pdf: PRINT_MESSAGES.pdfInvalid });
  }
  const size = await basePageSize(bytes);
  return { bytes, size };
}

/** JSON with every object's keys in one order: jsonb keeps keys in its own order, not the request's. */
const canonical = (value: unknown) =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/** The same placement, whatever order the stored and the saved fields' keys come in. */
const sameFields = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Width of the template editor's live preview: its column is at most about 460 px wide (330 on a
 * phone), so 720 px is 1.6–2.2 device pixels per CSS pixel, enough to read 9 pt type; 900 px was a
 * third more bytes for nothing the column shows (decision 034, lever 39).
 */
export const TEMPLATE_PREVIEW_PX = 720;

/** Print templates of customizable products (administrators): list, read, save a version, preview. */

export function createTemplates({
  db,
  settings,
  audit,
}: {
  db: Database;
  settings: { CUSTOMER_ID: number };
  audit: AuditRecorder;
}) {
  async function customizable(productId: number) {
    const product = await repo.findProduct(db, settings.CUSTOMER_ID, productId);
    if (!product) throw new AppError("NOT_FOUND", "This product does not exist.");
    if (!product.is_customizable) throw new AppError("CONFLICT", PRINT_MESSAGES.notCustomizable);
    return product;
  }

  async function toTemplate(row: repo.TemplateRow, productName: string): Promise<Template> {
    const size = await basePageSize(row.base_pdf);
    return {
      id: row.id,
      product_id: row.product_id,
      product_name: productName,
      version: row.version,
      fields: row.fields as TemplateField[],
      bleed_mm: row.bleed_mm,
      page_width_mm: Math.round(size.width_mm * 10) / 10,
      page_height_mm: Math.round(size.height_mm * 10) / 10,
      updated: row.updated.toISOString(),
    };
  }

  return {
    listTemplates: () => repo.listTemplates(db, settings.CUSTOMER_ID),

    async getTemplate(productId: number): Promise<Template | null> {
      const product = await customizable(productId);
      const row = await repo.findTemplate(db, productId);
      return row ? toTemplate(row, product.name) : null;
    },

    /** Saves a new version of the template (a new base PDF, or the current one kept) unless nothing changed. */
    async saveTemplate(caller: SessionUser, body: TemplateSave): Promise<Template> {
      const product = await customizable(body.product_id);
      const upload = body.base_pdf ? await checkedBase(body.base_pdf) : undefined;
      const saved = await db.transaction(async (tx) => {
        await repo.lockVersions(tx, "template", body.product_id);
        const current = await repo.findTemplate(tx, body.product_id);
        const base = upload?.bytes ?? current?.base_pdf;
        if (!base) {
          throw new AppError("VALIDATION_FAILED", "Upload the template's base PDF.", { base_pdf: "Upload a PDF" });
        }
        const unchanged =
          current && !upload && current.bleed_mm === body.bleed_mm && sameFields(current.fields, body.fields);
        if (unchanged) return current;
        const row = await repo.insertTemplate(tx, {
          product_id: body.product_id,
          version: (current?.version ?? 0) + 1,
          base_pdf: base,
          fields: body.fields,
          bleed_mm: body.bleed_mm,
          created_by: caller.userId,
        });
        await audit.record(tx, {
          actor: { userId: caller.userId, sessionId: caller.sessionId },
          kind: "product",
          action: "print template",
          recordId: body.product_id,
          label: product.name,
          before: current ? { version: current.version, fields: current.fields, bleed_mm: current.bleed_mm } : null,
          after: {
            version: row.version,
            fields: row.fields,
            bleed_mm: row.bleed_mm,
            base_pdf: upload ? "new" : "kept",
          },
        });
        return row;
      });
      return toTemplate(saved, product.name);
    },

    /**
     * The live preview of unsaved placement: the fields on the (new or current) base PDF with the
     * chosen practice's brand (the sample brand when it has none), as the proof will look.
     */
    async previewTemplate(body: TemplateSave & { user_id?: number }): Promise<{ preview: string }> {
      await customizable(body.product_id);
      const base = body.base_pdf
        ? (await checkedBase(body.base_pdf)).bytes
        : (await repo.findTemplate(db, body.product_id))?.base_pdf;
      if (!base)
        throw new AppError("VALIDATION_FAILED", "Upload the template's base PDF.", { base_pdf: "Upload a PDF" });
      const brandRow = body.user_id === undefined ? undefined : await repo.findBrand(db, body.user_id);
      const brand = brandRow ? brandContent(brandRow) : SAMPLE_BRAND;
      const pdf = await renderProof({ base_pdf: base, fields: body.fields, bleed_mm: body.bleed_mm }, brand);
      return { preview: await previewDataUrl(pdf, TEMPLATE_PREVIEW_PX) };
    },
  };
}
