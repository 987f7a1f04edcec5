import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { bearer, NY_PRACTICE, queryRows, signInPractice } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { order_products } from "../../db/schema/index.ts";
import { DEMO_POSTCARD_ID, DEMO_POSTER_ID } from "../../db/seed/seed-print.ts";
import { PREVIEW_PX } from "./print.service.ts";
import { TEMPLATE_PREVIEW_PX } from "./templates.ts";

/**
 * Print on demand (issue 24 §1–§3): the brand and its logo checks, proofs read back as text,
 * approval, and the print file of an order line.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

async function pdfText(body: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(body));
  return (await extractText(doc, { mergePages: true })).text;
}

const BRAND = {
  display_name: "Happy Paws Veterinary Clinic",
  address_lines: "120 Market Street\nSan Francisco, CA 94105",
  phone: "415-555-0100",
  website: "https://happypaws.test/book",
  hours: "Mon-Fri 8am-6pm",
};
describe("the practice's brand", () => {
  it("the demo practice has a brand with a logo; another practice has none", async () => {
    const res = await post("/api/brand/query", {});
    expect(res.statusCode, res.body).toBe(200);
    const brand = res.json().data;
    expect(brand.display_name).toBe("Happy Paws Veterinary Clinic");
    expect(brand.logo).toMatch(/^data:image\/png;base64,/);
    const ny = await signInPractice(t.app, NY_PRACTICE);
    expect((await post("/api/brand/query", {}, ny.access_token)).json().data).toBeNull();
  });

  it("a practice may not read or change another practice's brand", async () => {
    const ny = await signInPractice(t.app, NY_PRACTICE);
    const read = await post("/api/brand/query", { user_id: t.practiceUserId }, ny.access_token);
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain("Happy Paws");
    const write = await post(
      "/api/brand/save",
      { ...BRAND, user_id: t.practiceUserId, display_name: "X" },
      ny.access_token,
    );
    expect(write.statusCode).toBe(403);
    expect((await post("/api/brand/query", {})).json().data.display_name).toBe("Happy Paws Veterinary Clinic");
  });

  it("saves a new version with a logo normalised to PNG; the same content again keeps the version", async () => {
    const before = (await post("/api/brand/query", {})).json().data;
    const jpeg = await sharp({ create: { width: 2400, height: 800, channels: 3, background: "#aa3300" } })
      .jpeg()
      .toBuffer();
    const res = await post("/api/brand/save", { ...BRAND, logo: jpeg.toString("base64") });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().data;
    expect(saved.version).toBe(before.version + 1);
    expect([saved.logo_width, saved.logo_height]).toEqual([1200, 400]);
    const again = await post("/api/brand/save", BRAND);
    expect(again.json().data.version).toBe(saved.version);
    expect(again.json().data.hash).toBe(saved.hash);
  });

  it.each([
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      400,
      /SVG is not accepted/,
    ],
    ["a renamed text file", Buffer.from("just some text, named logo.png"), 400, /PNG, JPEG or WebP/],
    [
      "corrupt bytes",
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]),
      400,
      /could not be read/,
    ],
  ])("refuses %s as a logo and changes nothing", async (_what, bytes, status, message) => {
    const before = (await post("/api/brand/query", {})).json().data;
    const res = await post("/api/brand/save", { ...BRAND, display_name: "Changed", logo: bytes.toString("base64") });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.fields.logo).toMatch(message);
    expect((await post("/api/brand/query", {})).json().data.version).toBe(before.version);
  });

  it("refuses a logo of huge dimensions (a small file) before decoding it", async () => {
    const huge = await sharp({ create: { width: 6000, height: 10, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const res = await post("/api/brand/save", { ...BRAND, logo: huge.toString("base64") });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.logo).toMatch(/at most 4000 × 4000 pixels/);
  });

  it("refuses text that is not base64, a bad website and a bad phone with field messages", async () => {
    const res = await post("/api/brand/save", { ...BRAND, website: "javascript:alert(1)", phone: "12", logo: "%%%" });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["logo", "phone", "website"]);
  });
});

describe("proofs and print files", () => {
  const proofOf = async (productId: number, token = t.practice) => {
    const res = await post("/api/proof/query", { product_id: productId }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; approved: boolean; brand_version: number; preview: string };
  };

  it("a proof is a watermarked PDF with the practice's name and phone, and a WebP preview", async () => {
    await post("/api/brand/save", BRAND);
    const proof = await proofOf(DEMO_POSTCARD_ID);
    expect(proof.approved).toBe(false);
    expect(proof.preview).toMatch(/^data:image\/webp;base64,/);
    const image = Buffer.from(proof.preview.replace(/^data:image\/webp;base64,/, ""), "base64");
    expect(await sharp(image).metadata()).toMatchObject({ format: "webp", width: PREVIEW_PX });
    const pdf = await post("/api/proof/pdf", { proof_id: proof.id });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Happy Paws Veterinary Clinic");
    expect(text).toContain("415-555-0100");
    expect(text).toContain("PROOF");
  });

  it("another practice never reads the proof (404), nor approves it", async () => {
    const proof = await proofOf(DEMO_POSTCARD_ID);
    const ny = await signInPractice(t.app, NY_PRACTICE);
    const pdf = await post("/api/proof/pdf", { proof_id: proof.id }, ny.access_token);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.body).not.toContain("Happy Paws");
    expect((await post("/api/proof/approve", { proof_id: proof.id }, ny.access_token)).statusCode).toBe(404);
  });

  it("approval is kept while the brand is unchanged; a changed brand asks for a new approval", async () => {
    const proof = await proofOf(DEMO_POSTER_ID);
    const approved = await post("/api/proof/approve", { proof_id: proof.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await proofOf(DEMO_POSTER_ID)).approved).toBe(true);
    await post("/api/brand/save", { ...BRAND, phone: "415-555-0199" });
    const fresh = await proofOf(DEMO_POSTER_ID);
    expect(fresh.id).not.toBe(proof.id);
    expect(fresh.approved).toBe(false);
    const stale = await post("/api/proof/approve", { proof_id: proof.id });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toMatch(/changed since you approved/);
    await post("/api/brand/save", BRAND);
  });

  it("a name too long for its box, even at the minimum size, is refused with a clear message", async () => {
    await post("/api/brand/save", { ...BRAND, display_name: "W".repeat(80) });
    const res = await post("/api/proof/query", { product_id: DEMO_POSTCARD_ID });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/practice name is too long/);
    await post("/api/brand/save", BRAND);
  });

  it("a product that is not customizable has no proof", async () => {
    const res = await post("/api/proof/query", { product_id: 144048 });
    expect(res.statusCode).toBe(409);
  });

  it("the print file has the name and phone, no watermark, bleed and trim boxes, and merges lines", async () => {
    const proof = await proofOf(DEMO_POSTCARD_ID);
    await post("/api/proof/approve", { proof_id: proof.id });
    const [line] = await queryRows<{ id: number }>(t.db, sql`select id from order_products order by id limit 1`);
    if (!line) throw new Error("the seed has no order line");
    await t.db.update(order_products).set({ proof_id: proof.id }).where(eq(order_products.id, line.id));
    const res = await post("/api/print/file", { order_product_ids: [line.id, line.id] }, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(res.rawPayload);
    expect(text).toContain("Happy Paws Veterinary Clinic");
    expect(text).toContain("415-555-0100");
    expect(text).not.toContain("PROOF");
    const { PDFDocument } = await import("pdf-lib");
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(2);
    const page = doc.getPage(0);
    expect(page.getBleedBox().width).toBeGreaterThan(page.getTrimBox().width);
    expect(page.getMediaBox().width).toBeGreaterThan(page.getBleedBox().width);
    expect((await post("/api/print/file", { order_product_ids: [line.id] })).statusCode).toBe(403);
    const plain = await queryRows<{ id: number }>(
      t.db,
      sql`select id from order_products where proof_id is null limit 1`,
    );
    expect((await post("/api/print/file", { order_product_ids: [plain[0]?.id] }, t.admin)).statusCode).toBe(409);
  });
});

describe("templates", () => {
  it("draws the editor's live preview as a WebP 720 px wide", async () => {
    const current = (await post("/api/template/query", { product_id: DEMO_POSTCARD_ID }, t.admin)).json().data;
    const body = { product_id: DEMO_POSTCARD_ID, fields: current.fields, bleed_mm: current.bleed_mm };
    const res = await post("/api/template/preview", body, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    const image = Buffer.from(res.json().data.preview.replace(/^data:image\/webp;base64,/, ""), "base64");
    expect(await sharp(image).metadata()).toMatchObject({ format: "webp", width: TEMPLATE_PREVIEW_PX });
  });

  it("re-saving a template's placement unchanged keeps its version and the practices' approvals", async () => {
    // The stored fields come back from jsonb with their keys in another order than they were sent.
    const proof = (await post("/api/proof/query", { product_id: DEMO_POSTER_ID })).json().data;
    expect((await post("/api/proof/approve", { proof_id: proof.id })).statusCode).toBe(200);
    const current = (await post("/api/template/query", { product_id: DEMO_POSTER_ID }, t.admin)).json().data;
    const body = { product_id: DEMO_POSTER_ID, fields: current.fields, bleed_mm: current.bleed_mm };
    const again = await post("/api/template/save", body, t.admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.version).toBe(current.version);
    expect((await post("/api/proof/query", { product_id: DEMO_POSTER_ID })).json().data).toMatchObject({
      id: proof.id,
      approved: true,
    });
    // A change of bleed is a new version, and the practice approves again.
    const changed = await post("/api/template/save", { ...body, bleed_mm: current.bleed_mm + 1 }, t.admin);
    expect(changed.json().data.version).toBe(current.version + 1);
    expect((await post("/api/proof/query", { product_id: DEMO_POSTER_ID })).json().data.approved).toBe(false);
  });
});
