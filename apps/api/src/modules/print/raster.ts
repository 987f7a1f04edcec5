import * as mupdf from "mupdf";

/**
 * The first page of a PDF as a PNG, `widthPx` wide (mupdf rasterises it; decision 044). Used for
 * the product page's preview of a proof and the template editor's live preview.
 */
export function firstPagePng(pdf: Uint8Array, widthPx: number): Buffer {
  const doc = mupdf.Document.openDocument(pdf, "application/pdf");
  try {
    const page = doc.loadPage(0);
    const [x0, , x1] = page.getBounds();
    const scale = widthPx / Math.max(1, x1 - x0);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    const png = Buffer.from(pixmap.asPNG());
    pixmap.destroy();
    page.destroy();
    return png;
  } finally {
    doc.destroy();
  }
}
