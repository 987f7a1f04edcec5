import { PDFDocument, type PDFImage, rgb } from "pdf-lib";
import QRCode from "qrcode";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { firstPagePng } from "./raster.ts";
import { drawQrCode, embedLogo } from "./render-cache.ts";

/**
 * The proof's cached drawings (render-cache.ts) draw what pdf-lib's own ways drew: a logo with
 * transparency pixel for pixel as embedPng, and a QR code whose every module reads back as the
 * matrix `qrcode` made.
 */

/** Raw RGB pixels of a PDF's first page rasterised `width` pixels wide. */
async function pixelsOf(pdf: Uint8Array, width: number) {
  const { data, info } = await sharp(await firstPagePng(pdf, width))
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A half-transparent red logo with an opaque green disc: colour and alpha both matter. */
const logoPng = () =>
  sharp({ create: { width: 240, height: 100, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .composite([
      { input: Buffer.from('<svg width="240" height="100"><circle cx="50" cy="50" r="40" fill="#0a0"/></svg>') },
    ])
    .png()
    .toBuffer();

async function pageWithLogo(draw: (doc: PDFDocument) => Promise<PDFImage>) {
  const doc = await PDFDocument.create();
  const page = doc.addPage([300, 200]);
  page.drawRectangle({ x: 0, y: 100, width: 300, height: 100, color: rgb(0.1, 0.4, 0.55) });
  const image = await draw(doc);
  page.drawImage(image, { x: 30, y: 50, width: 240, height: 100 });
  return doc.save();
}

describe("a logo embedded from its cached streams", () => {
  it("draws pixel for pixel what pdf-lib's embedPng draws, transparency included", async () => {
    const png = await logoPng();
    const ours = await pixelsOf(await pageWithLogo((doc) => embedLogo(doc, png)), 600);
    const theirs = await pixelsOf(await pageWithLogo((doc) => doc.embedPng(png)), 600);
    expect(ours.width).toBe(theirs.width);
    expect(ours.data.equals(theirs.data)).toBe(true);
    // And it is there: the half-transparent red over white is pink, over the blue band purple-ish.
    const at = (x: number, y: number) => [
      ...ours.data.subarray((y * ours.width + x) * 3, (y * ours.width + x) * 3 + 3),
    ];
    const [r, g, b] = at(500, 250) as [number, number, number];
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(160);
    expect(b).toBeLessThan(160);
  });

  it("gives each document its own copy: a second proof with the same logo (other bytes objects) draws the same", async () => {
    const png = await logoPng();
    const first = await pixelsOf(await pageWithLogo((doc) => embedLogo(doc, png)), 300);
    const second = await pixelsOf(await pageWithLogo((doc) => embedLogo(doc, Buffer.from(png))), 300);
    expect(second.data.equals(first.data)).toBe(true);
  });
});

describe("a QR code drawn from its cached form", () => {
  it("reads back module by module as the matrix qrcode makes, dark where dark, in the box asked", async () => {
    const url = "https://happypaws.test/book?from=proof";
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    drawQrCode(doc, page, { x: 20, top: 180, side: 160, color: rgb(0, 0, 0) }, url);
    // Twice in one document (a second page): each page names its own form.
    drawQrCode(doc, doc.addPage([200, 200]), { x: 20, top: 180, side: 160, color: rgb(0, 0, 0) }, url);
    const raster = await pixelsOf(await doc.save(), 800);
    const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
    const n = qr.modules.size;
    const px = 800 / 200;
    let wrong = 0;
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        // The centre of module (r, c): the code's top-left corner is at (20, 20) from the page's top-left.
        const x = Math.floor((20 + ((c + 0.5) * 160) / n) * px);
        const y = Math.floor((20 + ((r + 0.5) * 160) / n) * px);
        const dark = (raster.data[(y * raster.width + x) * 3] as number) < 128;
        if (dark !== Boolean(qr.modules.get(r, c))) wrong++;
      }
    }
    expect(wrong).toBe(0);
    // Outside the box the page is white.
    expect(raster.data[(10 * px * raster.width + 10 * px) * 3]).toBe(255);
  });
});
