import { eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { brandHash } from "../../lib/brand-hash.ts";
import * as t from "../schema/index.ts";
import type { SeedContext } from "./context.ts";

/** Points per millimetre. */
const MM = 72 / 25.4;

/** The two personalised demo products (issue 24; the print-production seed refers to 990001). */
export const DEMO_POSTCARD_ID = 990001;
export const DEMO_POSTER_ID = 990002;

const field = (
  kind: string,
  x: number,
  y: number,
  width: number,
  height: number,
  more: Record<string, unknown> = {},
) => ({
  kind,
  x,
  y,
  width,
  height,
  font: "Helvetica",
  size: 11,
  min_size: 7,
  color: "#1f2933",
  align: "left",
  ...more,
});

function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

/** A base PDF made with pdf-lib: a coloured band, a heading and body text, with room left for the brand. */
async function basePdf(size: [number, number], heading: string, body: string, band: [number, number, number]) {
  const doc = await PDFDocument.create();
  doc.setTitle(heading);
  const [w, h] = [size[0] * MM, size[1] * MM];
  const page = doc.addPage([w, h]);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  page.drawRectangle({ x: 0, y: h - 0.28 * h, width: w, height: 0.28 * h, color: rgb(...band) });
  const headingSize = Math.round(w / 22);
  page.drawText(heading, { x: 8 * MM, y: h - 0.16 * h, size: headingSize, font: bold, color: rgb(1, 1, 1) });
  const bodySize = Math.round(w / 45);
  let y = h - 0.28 * h - 10 * MM;
  for (const line of wrap(regular, body, bodySize, w * 0.55)) {
    page.drawText(line, { x: 8 * MM, y, size: bodySize, font: regular, color: rgb(0.2, 0.2, 0.25) });
    y -= bodySize * 1.35;
  }
  return Buffer.from(await doc.save());
}

const PRODUCTS = [
  {
    id: DEMO_POSTCARD_ID,
    categoryId: 2101,
    name: "Dental Care Reminder Postcard — personalised",
    sku: "VP-PRS-0001",
    pack: 100,
    price: 4900,
    productionDays: 3,
    size: [148, 105] as [number, number],
    heading: "Time for a dental check-up",
    body: "Dental disease affects most pets by age three. Book a dental exam and cleaning this month and keep your pet's smile healthy.",
    band: [0.09, 0.42, 0.55] as [number, number, number],
    fields: [
      field("logo", 92, 33, 48, 22, { align: "right" }),
      field("practice_name", 8, 66, 80, 9, { font: "Helvetica-Bold", size: 14, min_size: 8, color: "#0f4c5c" }),
      field("address", 8, 76, 80, 10, { size: 8, min_size: 6 }),
      field("phone", 8, 88, 80, 6, { font: "Helvetica-Bold", size: 10 }),
      field("qr", 112, 62, 28, 28, { align: "right" }),
      field("website", 92, 92, 48, 5, { size: 7, min_size: 5, align: "right" }),
    ],
  },
  {
    id: DEMO_POSTER_ID,
    categoryId: 2103,
    name: "Vaccination Reminder Poster — personalised",
    sku: "VP-PRS-0002",
    pack: 5,
    price: 3900,
    productionDays: 5,
    size: [210, 297] as [number, number],
    heading: "Are their vaccines up to date?",
    body: "Core vaccines protect dogs and cats against serious disease. Ask our team which vaccines your pet needs and when the next booster is due.",
    band: [0.55, 0.16, 0.33] as [number, number, number],
    fields: [
      field("logo", 130, 100, 70, 40, { align: "right" }),
      field("practice_name", 10, 220, 190, 14, {
        font: "Helvetica-Bold",
        size: 26,
        min_size: 12,
        color: "#8c2954",
        align: "center",
      }),
      field("address", 10, 238, 120, 16, { size: 11, min_size: 7 }),
      field("hours", 10, 256, 120, 16, { size: 11, min_size: 7 }),
      field("phone", 10, 276, 120, 9, { font: "Helvetica-Bold", size: 16, min_size: 9 }),
      field("qr", 160, 242, 40, 40, { align: "right" }),
    ],
  },
];

/** A simple round logo, made with sharp, for the demo practice's brand. */
const demoLogo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="200"><rect width="480" height="200" rx="24" fill="#ffffff"/>
       <circle cx="100" cy="100" r="80" fill="#2f855a"/><circle cx="100" cy="100" r="34" fill="#ffffff"/>
       <rect x="200" y="60" width="250" height="30" rx="8" fill="#2f855a"/><rect x="200" y="110" width="180" height="30" rx="8" fill="#68d391"/></svg>`,
    ),
  )
    .png()
    .toBuffer({ resolveWithObject: true });

/**
 * Print on demand's demo data (issue 24): two personalised products with their templates, which
 * Happy Paws may order, and Happy Paws' brand (logo made with sharp).
 */
export async function seedPrint({ db, customerId }: SeedContext) {
  for (const p of PRODUCTS) {
    await db.insert(t.products).values({
      id: p.id,
      customer_id: customerId,
      product_category_id: p.categoryId,
      name: p.name,
      customer_sku: p.sku,
      description_1: `Printed with your practice's name, logo, phone and booking QR code. Approve the proof, then order. Pack of ${p.pack}.`,
      additional_info: `Personalised · pack of ${p.pack}`,
      package_quantity: p.pack,
      min_quantity: 1,
      max_quantity: 20,
      is_customizable: true,
      no_upload: true,
      is_in_inventory: false,
      production_days: p.productionDays,
      image_url: `/media/products/${p.id}.svg`,
    });
    await db
      .insert(t.product_price_ranges)
      .values({ product_id: p.id, min_quantity: 1, max_quantity: null, price_cents: p.price });
    await db.insert(t.print_templates).values({
      product_id: p.id,
      version: 1,
      base_pdf: await basePdf(p.size, p.heading, p.body, p.band),
      fields: p.fields,
      bleed_mm: 3,
    });
  }
  const [practice] = await db
    .select({ id: t.users.id })
    .from(t.users)
    .where(eq(t.users.representation, "Happy Paws Veterinary Clinic"))
    .limit(1);
  if (!practice) return;
  const logo = await demoLogo();
  const fields = {
    display_name: "Happy Paws Veterinary Clinic",
    address_lines: "120 Market Street\nSan Francisco, CA 94105",
    phone: "415-555-0100",
    website: "https://happypaws.test/book",
    hours: "Mon-Fri 8am-6pm\nSat 9am-2pm",
  };
  const [brand] = await db
    .insert(t.practice_brands)
    .values({
      user_id: practice.id,
      version: 1,
      ...fields,
      logo_png: logo.data,
      logo_width: logo.info.width,
      logo_height: logo.info.height,
      hash: brandHash(fields, logo.data),
    })
    .returning({ id: t.practice_brands.id });
  // Happy Paws approved the postcard's proof already (proof 1): a reorder uses it while nothing changes.
  const [postcard] = await db
    .select({ id: t.print_templates.id })
    .from(t.print_templates)
    .where(eq(t.print_templates.product_id, DEMO_POSTCARD_ID));
  if (!brand || !postcard) return;
  await db.insert(t.proofs).values({
    user_id: practice.id,
    product_id: DEMO_POSTCARD_ID,
    brand_id: brand.id,
    template_id: postcard.id,
    approved_at: new Date(),
    approved_by: practice.id,
  });
}
