import { LOGO_MAX_BYTES, LOGO_MAX_PIXELS, LOGO_STORED_PX, PRINT_MESSAGES } from "@vetportal/contract";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../lib/app-error.ts";
import { sniffImage } from "../../lib/image-sniff.ts";

export interface NormalisedLogo {
  png: Buffer;
  width: number;
  height: number;
}

const refuse = (message: string, code: "VALIDATION_FAILED" | "PAYLOAD_TOO_LARGE" = "VALIDATION_FAILED") =>
  new AppError(code, message, { logo: message });

/** Base64 text to bytes; text that is not base64 is refused, not silently decoded. */
export function decodeBase64(text: string, field: string, message: string): Buffer {
  const compact = text.replace(/\s+/g, "");
  if (compact.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(compact)) {
    throw new AppError("VALIDATION_FAILED", message, { [field]: message });
  }
  return Buffer.from(compact, "base64");
}

/**
 * Checks an uploaded logo and normalises it to PNG for pdf-lib (decision 044): recognised as PNG,
 * JPEG or WebP by its bytes (an SVG or a renamed text file is refused), at most LOGO_MAX_BYTES and
 * LOGO_MAX_PIXELS a side (read from the header before any pixel is decoded), then decoded whole by
 * sharp, which proves it is an image, and scaled down to at most LOGO_STORED_PX a side.
 */
export async function normaliseLogo(data: Buffer): Promise<NormalisedLogo> {
  if (data.length > LOGO_MAX_BYTES) throw refuse(PRINT_MESSAGES.logoTooLarge, "PAYLOAD_TOO_LARGE");
  if (!sniffImage(data)) throw refuse(PRINT_MESSAGES.logoType);
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(PRINT_MESSAGES.logoCorrupt);
  }
  if (!meta.width || !meta.height) throw refuse(PRINT_MESSAGES.logoCorrupt);
  if (meta.width > LOGO_MAX_PIXELS || meta.height > LOGO_MAX_PIXELS) throw refuse(PRINT_MESSAGES.logoDimensions);
  try {
    const { data: png, info } = await sharp(data, { failOn: "error", limitInputPixels: LOGO_MAX_PIXELS ** 2 })
      .rotate()
      .resize({ width: LOGO_STORED_PX, height: LOGO_STORED_PX, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png, width: info.width, height: info.height };
  } catch {
    throw refuse(PRINT_MESSAGES.logoCorrupt);
  }
}
