import { PRINT_MESSAGES, TEMPLATE_FIELD_LABELS, type TemplateField } from "@vetportal/contract";
import { degrees, PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { AppError } from "../../lib/app-error.ts";
import { drawQrCode, embedLogo } from "./render-cache.ts";

/** Points per millimetre (1 pt = 1/72 inch). */
export const MM = 72 / 25.4;
/** The slug around the bleed where a print file's crop marks go, in millimetres. */
const SLUG_MM = 8;
/** The crop marks' length and their gap from the trim corner, in millimetres. */
const MARK_MM = 5;

/** What a brand prints: its fields and its logo (PNG). */
export interface BrandContent {
  display_name: string;
  address_lines: string;
  phone: string;
  website: string;
  hours: string;
  logo_png: Buffer | null;
}

/** What a template prints on: its base PDF, its placed fields, its bleed. */
export interface TemplateContent {
  base_pdf: Buffer;
  fields: TemplateField[];
  bleed_mm: number;
}

export type RenderMode = "proof" | "print";

const FONT_NAMES: Record<TemplateField["font"], StandardFonts> = {
  Helvetica: StandardFonts.Helvetica,
  "Helvetica-Bold": StandardFonts.HelveticaBold,
  "Times-Roman": StandardFonts.TimesRoman,
  "Times-Bold": StandardFonts.TimesRomanBold,
  Courier: StandardFonts.Courier,
  "Courier-Bold": StandardFonts.CourierBold,
};

const hexColor = (hex: string) =>
  rgb(
    Number.parseInt(hex.slice(1, 3), 16) / 255,
    Number.parseInt(hex.slice(3, 5), 16) / 255,
    Number.parseInt(hex.slice(5, 7), 16) / 255,
  );

function fieldText(kind: TemplateField["kind"], brand: BrandContent): string {
  switch (kind) {
    case "practice_name":
      return brand.display_name;
    case "phone":
      return brand.phone;
    case "address":
      return brand.address_lines;
    case "hours":
      return brand.hours;
    case "website":
      return brand.website.replace(/^https?:\/\//i, "");
    default:
      return "";
  }
}

/** The standard fonts encode WinAnsi only: any other character prints as "?", never an error. */
function printable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (c === "\n" || known.has(c.codePointAt(0) ?? -1) ? c : "?")).join("");
}

/** The largest size from `size` down to `min_size` at which every line fits the box; refused below. */
function fitSize(font: PDFFont, lines: string[], field: TemplateField): number {
  const boxW = field.width * MM;
  const boxH = field.height * MM;
  for (let size = field.size; size >= field.min_size; size -= 0.5) {
    const widest = Math.max(...lines.map((l) => font.widthOfTextAtSize(l, size)));
    if (widest <= boxW && lines.length * size * 1.2 - size * 0.2 <= boxH) return size;
  }
  const label = TEMPLATE_FIELD_LABELS[field.kind].toLowerCase();
  throw new AppError("VALIDATION_FAILED", PRINT_MESSAGES.textTooLong(label), {
    [field.kind]: PRINT_MESSAGES.textTooLong(label),
  });
}

/** Where things go on a page: the trim box's top-left corner in PDF points (y up). */
interface Origin {
  x: number;
  top: number;
}

function alignedX(origin: Origin, field: TemplateField, width: number): number {
  const left = origin.x + field.x * MM;
  const free = field.width * MM - width;
  return field.align === "left" ? left : field.align === "center" ? left + free / 2 : left + free;
}

function drawText(page: PDFPage, font: PDFFont, origin: Origin, field: TemplateField, raw: string) {
  const text = printable(font, raw.trim());
  if (!text) return;
  const lines = text.split("\n").map((l) => l.trim());
  const size = fitSize(font, lines, field);
  const color = hexColor(field.color);
  let baseline = origin.top - field.y * MM - font.heightAtSize(size, { descender: false });
  for (const line of lines) {
    page.drawText(line, {
      x: alignedX(origin, field, font.widthOfTextAtSize(line, size)),
      y: baseline,
      size,
      font,
      color,
    });
    baseline -= size * 1.2;
  }
}

function drawQr(doc: PDFDocument, page: PDFPage, origin: Origin, field: TemplateField, url: string) {
  if (!url) return;
  const side = Math.min(field.width, field.height) * MM;
  const top = origin.top - field.y * MM - (field.height * MM - side) / 2;
  drawQrCode(doc, page, { x: alignedX(origin, field, side), top, side, color: hexColor(field.color) }, url);
}

function drawLogo(page: PDFPage, origin: Origin, field: TemplateField, logo: PDFImage | null) {
  if (!logo) return;
  const scale = Math.min((field.width * MM) / logo.width, (field.height * MM) / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  const y = origin.top - field.y * MM - (field.height * MM + height) / 2;
  page.drawImage(logo, { x: alignedX(origin, field, width), y, width, height });
}

/** Draws the brand's fields on a page whose trim box's top-left corner is `origin`. */
async function drawFields(
  doc: PDFDocument,
  page: PDFPage,
  origin: Origin,
  template: TemplateContent,
  brand: BrandContent,
) {
  const logo =
    brand.logo_png && template.fields.some((f) => f.kind === "logo") ? await embedLogo(doc, brand.logo_png) : null;
  const fonts = new Map<TemplateField["font"], PDFFont>();
  for (const field of template.fields) {
    if (field.kind === "logo") drawLogo(page, origin, field, logo);
    else if (field.kind === "qr") drawQr(doc, page, origin, field, brand.website);
    else {
      const font = fonts.get(field.font) ?? (await doc.embedFont(FONT_NAMES[field.font]));
      fonts.set(field.font, font);
      drawText(page, font, origin, field, fieldText(field.kind, brand));
    }
  }
}

/** "PROOF" across the page's diagonal, and a line saying what it is, on every page of a proof. */
async function watermark(doc: PDFDocument) {
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const angle = Math.atan2(height, width);
    const size = Math.min(width, height) / 3.2;
    const textWidth = font.widthOfTextAtSize("PROOF", size);
    const cx = width / 2 - (Math.cos(angle) * textWidth) / 2 + Math.sin(angle) * size * 0.35;
    const cy = height / 2 - (Math.sin(angle) * textWidth) / 2 - Math.cos(angle) * size * 0.35;
    page.drawText("PROOF", {
      x: cx,
      y: cy,
      size,
      font,
      color: rgb(0.85, 0.1, 0.1),
      opacity: 0.28,
      rotate: degrees((angle * 180) / Math.PI),
    });
    page.drawText("PROOF - not for printing", { x: 6, y: 6, size: 7, font, color: rgb(0.85, 0.1, 0.1) });
  }
}

async function loadBase(base: Buffer): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(base, { updateMetadata: false });
  } catch {
    throw new AppError("VALIDATION_FAILED", PRINT_MESSAGES.pdfInvalid, { base_pdf: PRINT_MESSAGES.pdfInvalid });
  }
}

/** A proof: the base PDF with the brand on its first page and "PROOF" across every page. */
export async function renderProof(template: TemplateContent, brand: BrandContent): Promise<Uint8Array> {
  const doc = await loadBase(template.base_pdf);
  const [first] = doc.getPages();
  if (!first) throw new AppError("VALIDATION_FAILED", PRINT_MESSAGES.pdfInvalid);
  const trim = first.getTrimBox();
  await drawFields(doc, first, { x: trim.x, top: trim.y + trim.height }, template, brand);
  await watermark(doc);
  doc.setTitle(`Proof: ${brand.display_name}`);
  return doc.save();
}

/** Crop marks at the trim box's four corners, outside the bleed. */
function cropMarks(page: PDFPage, trim: { x: number; y: number; w: number; h: number }, bleed: number) {
  const gap = bleed + 1 * MM;
  const len = MARK_MM * MM;
  const line = { thickness: 0.25, color: rgb(0, 0, 0) };
  for (const x of [trim.x, trim.x + trim.w]) {
    for (const y of [trim.y, trim.y + trim.h]) {
      const dx = x === trim.x ? -1 : 1;
      const dy = y === trim.y ? -1 : 1;
      page.drawLine({ start: { x: x + dx * gap, y }, end: { x: x + dx * (gap + len), y }, ...line });
      page.drawLine({ start: { x, y: y + dy * gap }, end: { x, y: y + dy * (gap + len) }, ...line });
    }
  }
}

/**
 * Appends a line's print-ready pages to `out`: each page of the base PDF on a sheet grown by the
 * bleed and a slug, with TrimBox and BleedBox set, the brand on the first page and crop marks; no
 * watermark.
 */
export async function appendPrintPages(out: PDFDocument, template: TemplateContent, brand: BrandContent) {
  const base = await loadBase(template.base_pdf);
  const bleed = template.bleed_mm * MM;
  const margin = bleed + SLUG_MM * MM;
  const embedded = await out.embedPdf(base, base.getPageIndices());
  for (const [i, source] of embedded.entries()) {
    const page = out.addPage([source.width + 2 * margin, source.height + 2 * margin]);
    page.drawPage(source, { x: margin, y: margin });
    page.setTrimBox(margin, margin, source.width, source.height);
    page.setBleedBox(margin - bleed, margin - bleed, source.width + 2 * bleed, source.height + 2 * bleed);
    if (i === 0) await drawFields(out, page, { x: margin, top: margin + source.height }, template, brand);
    cropMarks(page, { x: margin, y: margin, w: source.width, h: source.height }, bleed);
  }
}

/** One line's print file on its own. */
export async function renderPrint(template: TemplateContent, brand: BrandContent): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  await appendPrintPages(out, template, brand);
  return out.save();
}

/** Checks an uploaded base PDF opens and has a page; answers its first page's trim size in mm. */
export async function basePageSize(base: Buffer): Promise<{ width_mm: number; height_mm: number; pages: number }> {
  const doc = await loadBase(base);
  const first = doc.getPages()[0];
  if (!first)
    throw new AppError("VALIDATION_FAILED", PRINT_MESSAGES.pdfInvalid, { base_pdf: PRINT_MESSAGES.pdfInvalid });
  const trim = first.getTrimBox();
  return { width_mm: trim.width / MM, height_mm: trim.height / MM, pages: doc.getPageCount() };
}
