import * as mupdf from "mupdf";
import sharp from "sharp";

/**
 * The first page of a PDF, `widthPx` wide, as pixels sharp encodes (mupdf rasterises it; decision
 * 044). Encoding by sharp (native, off the event loop) is several times faster than mupdf's own PNG
 * writer in WebAssembly (bench/README.md "Proofs").
 */
async function firstPage(pdf: Uint8Array, widthPx: number) {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  let raw: { pixels: Buffer; width: number; height: number; channels: 3 };
  try {
    const page = doc.loadPage(0);
    const [x0, , x1] = page.getBounds();
    const scale = widthPx / Math.max(1, x1 - x0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const all = pixmap.getPixels();
    // A copy, row by row (a row may be padded): the pixmap's memory is mupdf's and freed below.
    const pixels = Buffer.allocUnsafe(width * height * 3);
    for (let y = 0; y < height; y++) pixels.set(all.subarray(y * stride, y * stride + width * 3), y * width * 3);
    raw = { pixels, width, height, channels: 3 };
    pixmap.destroy();
    page.destroy();
  } finally {
    doc.destroy();
  }
  return sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
}

/** The first page of a PDF as a PNG, lossless (the tests compare its pixels). */
export async function firstPagePng(pdf: Uint8Array, widthPx: number): Promise<Buffer> {
  return (await firstPage(pdf, widthPx)).png({ compressionLevel: 6, adaptiveFiltering: false }).toBuffer();
}

/**
 * The preview a page shows (the product page's proof, the template editor's live preview): the
 * first page as a WebP data URL, about a fifth of the PNG's bytes (a 900-px poster ~115 KiB as PNG),
 * which on a phone's connection is most of the product page's answer. The PDF proof stays the exact one.
 */
export async function previewDataUrl(pdf: Uint8Array, widthPx: number): Promise<string> {
  const webp = await (await firstPage(pdf, widthPx)).webp({ quality: 85, effort: 2 }).toBuffer();
  return `data:image/webp;base64,${webp.toString("base64")}`;
}
