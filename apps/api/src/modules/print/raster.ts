import * as mupdf from "mupdf";
import sharp from "sharp";

/**
 * The first page of a PDF as a PNG, `widthPx` wide (mupdf rasterises it; decision 044). Used for
 * the product page's preview of a proof and the template editor's live preview. The pixels are
 * encoded by sharp (native libpng, off the event loop), several times faster than mupdf's own PNG
 * writer in WebAssembly (bench/README.md "Proofs").
 */
export async function firstPagePng(pdf: Uint8Array, widthPx: number): Promise<Buffer> {
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
  return sharp(raw.pixels, { raw: { width: raw.width, height: raw.height, channels: raw.channels } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}
