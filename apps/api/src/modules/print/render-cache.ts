import { createHash } from "node:crypto";
import { deflateSync } from "node:zlib";
import {
  type Color,
  concatTransformationMatrix,
  drawObject,
  type PDFDocument,
  PDFImage,
  type PDFPage,
  type PDFRef,
  PngEmbedder,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
} from "pdf-lib";
import QRCode from "qrcode";
import sharp from "sharp";

/*
 * What a proof draws that does not change between proofs, made once per process (decision 044,
 * bench/README.md "Proofs"): a logo's pixels decoded and compressed for the PDF (per logo's bytes,
 * so per brand version), and a QR code's modules as a compressed drawing (per web address). pdf-lib's
 * own embedPng decodes and deflates the PNG in JavaScript on every proof, which was most of a
 * proof's time; a QR code drawn as an SVG path of one square per module was most of the rest.
 */

/** A small least-recently-used map: a hit moves the key to the end, an insert past `max` drops the oldest. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  delete(key: string) {
    this.map.delete(key);
  }
}

/** A logo as PDF image streams: its colour and (unless every pixel is opaque) its alpha, each deflated. */
interface PdfLogo {
  width: number;
  height: number;
  rgb: Buffer;
  alpha: Buffer | null;
}

const logos = new Lru<Promise<PdfLogo>>(64);

async function toPdfLogo(png: Buffer): Promise<PdfLogo> {
  const { data, info } = await sharp(png)
    .ensureAlpha()
    .toColourspace("srgb")
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  const rgb = Buffer.allocUnsafe(pixels * 3);
  const alpha = Buffer.allocUnsafe(pixels);
  let opaque = true;
  for (let i = 0; i < pixels; i++) {
    rgb[i * 3] = data[i * 4] as number;
    rgb[i * 3 + 1] = data[i * 4 + 1] as number;
    rgb[i * 3 + 2] = data[i * 4 + 2] as number;
    const a = data[i * 4 + 3] as number;
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  return { width: info.width, height: info.height, rgb: deflateSync(rgb), alpha: opaque ? null : deflateSync(alpha) };
}

/** The logo's PDF streams, made once per logo (its bytes' hash) and reused by every proof and print file. */
function pdfLogo(png: Buffer): Promise<PdfLogo> {
  const key = createHash("sha256").update(png).digest("base64");
  const cached = logos.get(key);
  if (cached) return cached;
  const made = toPdfLogo(png);
  logos.set(key, made);
  made.catch(() => logos.delete(key));
  return made;
}

/** Embeds a logo (PNG bytes) in the document as pdf-lib's embedPng would, from the cached streams. */
export async function embedLogo(doc: PDFDocument, png: Buffer): Promise<PDFImage> {
  const logo = await pdfLogo(png);
  const image = { Type: "XObject", Subtype: "Image", Width: logo.width, Height: logo.height, BitsPerComponent: 8 };
  // pdf-lib accepts only its own embedders: one whose embedding writes the cached streams instead.
  const embedder: PngEmbedder = Object.assign(Object.create(PngEmbedder.prototype) as PngEmbedder, {
    width: logo.width,
    height: logo.height,
    async embedIntoContext(context: PDFDocument["context"], ref: PDFRef) {
      const smask = logo.alpha
        ? context.register(
            context.stream(logo.alpha, { ...image, ColorSpace: "DeviceGray", Decode: [0, 1], Filter: "FlateDecode" }),
          )
        : undefined;
      const stream = context.stream(logo.rgb, {
        ...image,
        ColorSpace: "DeviceRGB",
        Filter: "FlateDecode",
        ...(smask ? { SMask: smask } : {}),
      });
      context.assign(ref, stream);
      return ref;
    },
  });
  const pdfImage = PDFImage.of(doc.context.nextRef(), doc, embedder);
  await pdfImage.embed();
  return pdfImage;
}

/** A QR code's dark modules as a PDF drawing in module units (y up), one rectangle per run of a row. */
interface QrDrawing {
  modules: number;
  content: Buffer;
}

const qrCodes = new Lru<QrDrawing>(256);

function qrDrawing(url: string): QrDrawing {
  const cached = qrCodes.get(url);
  if (cached) return cached;
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const ops: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!qr.modules.get(r, c)) continue;
      let end = c;
      while (end + 1 < n && qr.modules.get(r, end + 1)) end++;
      ops.push(`${c} ${n - r - 1} ${end - c + 1} 1 re`);
      c = end;
    }
  }
  ops.push("f");
  const drawing = { modules: n, content: deflateSync(Buffer.from(ops.join("\n"))) };
  qrCodes.set(url, drawing);
  return drawing;
}

/** Draws the QR code of `url` as a square of `side` points whose top-left corner is (x, top), in `color`. */
export function drawQrCode(
  doc: PDFDocument,
  page: PDFPage,
  at: { x: number; top: number; side: number; color: Color },
  url: string,
) {
  const { modules, content } = qrDrawing(url);
  const form = doc.context.register(
    doc.context.stream(content, {
      Type: "XObject",
      Subtype: "Form",
      BBox: [0, 0, modules, modules],
      Filter: "FlateDecode",
    }),
  );
  const name = page.node.newXObject("QR", form);
  const scale = at.side / modules;
  page.pushOperators(
    pushGraphicsState(),
    setFillingColor(at.color),
    concatTransformationMatrix(scale, 0, 0, scale, at.x, at.top - at.side),
    drawObject(name),
    popGraphicsState(),
  );
}
