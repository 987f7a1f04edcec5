import { type BrandForm, PRINT_MESSAGES, type Proof, type TemplateField } from "@vetportal/contract";
import { PDFDocument } from "pdf-lib";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import { brandContent, brandHash, tidyLines, toBrand } from "./brand.ts";
import { decodeBase64, normaliseLogo } from "./logo.ts";
import * as repo from "./print.repository.ts";
import { previewDataUrl } from "./raster.ts";
import { appendPrintPages, renderProof, type TemplateContent } from "./render.ts";
import { Lru } from "./render-cache.ts";
import { createTemplates } from "./templates.ts";

export type PrintSettings = Pick<Config, "CUSTOMER_ID">;
export type PrintService = ReturnType<typeof createPrintService>;

interface PrintDeps {
  db: Database;
  settings: PrintSettings;
  /** A brand an administrator saves for a practice, and every template change, are recorded. */
  audit: AuditRecorder;
  /**
   * Lines sent back to the practice (Pending Proof Approval) released when it approves the proof
   * again, in the approval's transaction. The fulfilment module is made after this one (it uses
   * orders, which use print), so app.ts hands a function that reaches it when called (decision 046).
   */
  releaseProofHolds: (tx: Executor, hold: { userId: number; productId: number; proofId: number }) => Promise<unknown[]>;
}

/**
 * Width of the proof's preview on a product page: shown at most 320 px tall (a poster about 226 px
 * wide, a postcard 480 at most), so 640 px is 1.3–2.8 device pixels per CSS pixel; 900 was half
 * again the bytes of a phone's first screen for nothing it shows (decision 034, lever 32).
 */
export const PREVIEW_PX = 640;

/** Whose brand: the caller's own, or (administrators only) the practice named. */
function brandOwner(caller: SessionUser, userId: number | undefined): number {
  if (userId === undefined || userId === caller.userId) return caller.userId;
  if (!caller.isAdmin) throw new AppError("FORBIDDEN", "You may only see and change your own practice's brand.");
  return userId;
}

export const templateContent = (row: repo.TemplateRow): TemplateContent => ({
  base_pdf: row.base_pdf,
  fields: row.fields as TemplateField[],
  bleed_mm: row.bleed_mm,
});

/** The current proof (made on first ask) of the practice's current brand on the product's current template. */
async function currentProof({ db, settings }: PrintDeps, userId: number, productId: number) {
  const product = await repo.findProduct(db, settings.CUSTOMER_ID, productId);
  if (!product) throw new AppError("NOT_FOUND", "This product does not exist.");
  if (!product.is_customizable) throw new AppError("CONFLICT", PRINT_MESSAGES.notCustomizable);
  const [brand, template] = await Promise.all([repo.findBrand(db, userId), repo.findTemplate(db, productId)]);
  if (!brand) throw new AppError("CONFLICT", PRINT_MESSAGES.noBrand);
  if (!template) throw new AppError("CONFLICT", PRINT_MESSAGES.noTemplate);
  const proof = await repo.upsertProof(db, {
    user_id: userId,
    product_id: productId,
    brand_id: brand.id,
    template_id: template.id,
  });
  return { proof, brand, template };
}

/** A proof of the caller's: another practice's is "not found", never shown. */
async function ownProof({ db }: PrintDeps, caller: SessionUser, proofId: number) {
  const proof = await repo.findProof(db, proofId);
  if (!proof || (proof.user_id !== caller.userId && !caller.isAdmin)) {
    throw new AppError("NOT_FOUND", "This proof does not exist.");
  }
  const content = await repo.findProofContent(db, proof.brand_id, proof.template_id);
  if (!content) throw new AppError("NOT_FOUND", "This proof does not exist.");
  return { proof, ...content };
}

/**
 * Print on demand (issue 24 §1–§3, decision 044): the practice's brand (versioned, hashed), the
 * proof of a customizable product (its brand on its template, watermarked) and its approval, and
 * the print-ready file of ordered lines.
 */
export function createPrintService(deps: PrintDeps) {
  const { db, settings, audit } = deps;

  const templates = createTemplates({ db, settings, audit });

  /**
   * The preview of a brand version on a template version, rendered once per process: both rows
   * are immutable (decision 044), so a product page shown again costs no rendering.
   */
  const previews = new Lru<Promise<string>>(64);
  function previewOf(brand: repo.BrandRow, template: repo.TemplateRow): Promise<string> {
    const key = `${brand.id}.${template.id}`;
    const cached = previews.get(key);
    if (cached) return cached;
    const made = renderProof(templateContent(template), brandContent(brand)).then((pdf) =>
      previewDataUrl(pdf, PREVIEW_PX),
    );
    previews.set(key, made);
    made.catch(() => previews.delete(key));
    return made;
  }

  return {
    ...templates,

    async getBrand(caller: SessionUser, userId?: number) {
      const row = await repo.findBrand(db, brandOwner(caller, userId));
      return row ? toBrand(row) : null;
    },

    /** Saves the brand as a new version (decision 044); a bad logo is refused before anything is written. */
    saveBrand: (caller: SessionUser, form: BrandForm) => saveBrand(deps, caller, form),

    /** The practice's proof of a product: made (or found) for the current brand and template, with its preview. */
    async proof(caller: SessionUser, productId: number): Promise<Proof> {
      const { proof, brand, template } = await currentProof(deps, caller.userId, productId);
      return {
        id: proof.id,
        product_id: productId,
        brand_version: brand.version,
        template_version: template.version,
        approved: proof.approved_at !== null,
        approved_at: proof.approved_at?.toISOString() ?? null,
        preview: await previewOf(brand, template),
      };
    },

    /** The watermarked proof PDF of one of the caller's proofs. */
    async proofPdf(caller: SessionUser, proofId: number): Promise<Buffer> {
      const { brand, template } = await ownProof(deps, caller, proofId);
      return Buffer.from(await renderProof(templateContent(template), brandContent(brand)));
    },

    /**
     * Approves the caller's proof; a proof of an older brand or template is refused: approve the new
     * one. Lines of the product staff sent back to the practice go to Pre Press with this proof, in
     * the same transaction (issue 24 §3); approving again changes nothing more.
     */
    async approve(caller: SessionUser, proofId: number) {
      const { proof } = await ownProof(deps, caller, proofId);
      if (proof.user_id !== caller.userId) throw new AppError("NOT_FOUND", "This proof does not exist.");
      const current = await currentProof(deps, caller.userId, proof.product_id);
      if (current.proof.id !== proof.id) throw new AppError("CONFLICT", PRINT_MESSAGES.proofStale);
      return db.transaction(async (tx) => {
        const row = await repo.approveProof(tx, proof.id, caller.userId);
        const released = await deps.releaseProofHolds(tx, {
          userId: caller.userId,
          productId: proof.product_id,
          proofId: proof.id,
        });
        return { id: proof.id, approved_at: row?.approved_at?.toISOString() ?? null, released_lines: released.length };
      });
    },

    /**
     * The approved proof a cart line of this product may carry: the one of the practice's current
     * brand on the current template. Refused with the reason when there is none.
     */
    async approvedProofFor(userId: number, productId: number): Promise<number> {
      const { proof } = await currentProof(deps, userId, productId);
      if (proof.approved_at === null) throw new AppError("CONFLICT", PRINT_MESSAGES.proofNeeded);
      return proof.id;
    },

    /** The approved proof an order line prints, or null (not a personalised line). */
    async proofForLine(orderProductId: number) {
      const [line] = await repo.findLineProofs(db, [orderProductId]);
      if (!line) throw new AppError("NOT_FOUND", "This order line does not exist.");
      return line.proof_id === null ? null : ((await repo.findProof(db, line.proof_id)) ?? null);
    },

    /** One merged print-ready PDF of the lines' approved proofs (no watermark, bleed and crop marks). */
    printFile: (tx: Executor, orderProductIds: number[]) => printFile(tx, orderProductIds),

    /** printFile on the service's own database handle (the staff download). */
    printLines(orderProductIds: number[]): Promise<Uint8Array> {
      return printFile(db, orderProductIds);
    },
  };
}

const brandAudit = (row: repo.BrandRow) => ({ version: row.version, logo: row.logo_png ? "set" : "none" });

/**
 * Saves the brand as a new version under the practice's lock, unless nothing changed (same
 * hash: same version). A bad logo is refused before anything is written.
 */
async function saveBrand({ db, audit }: PrintDeps, caller: SessionUser, form: BrandForm) {
  const userId = brandOwner(caller, form.user_id);
  const fields = {
    display_name: form.display_name.trim(),
    address_lines: tidyLines(form.address_lines ?? ""),
    phone: form.phone ?? "",
    website: form.website ?? "",
    hours: tidyLines(form.hours ?? ""),
  };
  const upload =
    typeof form.logo === "string"
      ? await normaliseLogo(decodeBase64(form.logo, "logo", PRINT_MESSAGES.base64))
      : undefined;
  const saved = await db.transaction(async (tx) => {
    await repo.lockVersions(tx, "brand", userId);
    const current = await repo.findBrand(tx, userId);
    const logo =
      form.logo === null
        ? null
        : (upload ??
          (current?.logo_png
            ? { png: current.logo_png, width: current.logo_width ?? 0, height: current.logo_height ?? 0 }
            : null));
    const hash = brandHash(fields, logo?.png ?? null);
    if (current?.hash === hash) return current;
    const row = await repo.insertBrand(tx, {
      user_id: userId,
      version: (current?.version ?? 0) + 1,
      ...fields,
      logo_png: logo?.png ?? null,
      logo_width: logo?.width ?? null,
      logo_height: logo?.height ?? null,
      hash,
    });
    if (caller.isAdmin) {
      await audit.record(tx, {
        actor: { userId: caller.userId, sessionId: caller.sessionId },
        kind: "practice",
        action: "brand",
        recordId: userId,
        label: fields.display_name,
        before: current ? { ...fields, ...brandAudit(current) } : null,
        after: { ...fields, version: row.version, logo: logo ? "set" : "none" },
      });
    }
    return row;
  });
  return toBrand(saved);
}

/** One merged print-ready PDF of the lines' approved proofs (no watermark, bleed and crop marks). */
async function printFile(tx: Executor, orderProductIds: number[]): Promise<Uint8Array> {
  const lines = await repo.findLineProofs(tx, orderProductIds);
  const byId = new Map(lines.map((l) => [l.id, l.proof_id]));
  const out = await PDFDocument.create();
  for (const id of orderProductIds) {
    if (!byId.has(id)) throw new AppError("NOT_FOUND", `Order line ${id} does not exist.`);
    const proofId = byId.get(id);
    if (proofId === null || proofId === undefined) {
      throw new AppError("CONFLICT", `Order line ${id} is not a personalised line: it has no print file.`);
    }
    const proof = await repo.findProof(tx, proofId);
    const content = proof && (await repo.findProofContent(tx, proof.brand_id, proof.template_id));
    if (!content) throw new AppError("NOT_FOUND", `Order line ${id} has no proof.`);
    await appendPrintPages(out, templateContent(content.template), brandContent(content.brand));
  }
  out.setTitle(`Print file: ${orderProductIds.length} line(s)`);
  return out.save();
}
