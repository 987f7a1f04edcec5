/**
 * Image types the portal accepts, recognised by their first bytes rather than a client-declared
 * type or a file name: PNG, JPEG or WebP; anything else (SVG, a renamed text file) is undefined.
 */
export function sniffImage(data: Buffer): "image/png" | "image/jpeg" | "image/webp" | undefined {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.subarray(0, 4).toString("latin1") === "RIFF" && data.subarray(8, 12).toString("latin1") === "WEBP")
    return "image/webp";
  return undefined;
}
