import type { Brand } from "@vetportal/contract";
import type { BrandRow } from "./print.repository.ts";
import type { BrandContent } from "./render.ts";

export type { BrandFields } from "../../lib/brand-hash.ts";
export { brandHash } from "../../lib/brand-hash.ts";

/** Line breaks as "\n", no blank lines, each line trimmed: what the form's text areas send, tidied. */
export const tidyLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join("\n");

export function toBrand(row: BrandRow): Brand {
  return {
    user_id: row.user_id,
    version: row.version,
    hash: row.hash,
    display_name: row.display_name,
    address_lines: row.address_lines,
    phone: row.phone,
    website: row.website,
    hours: row.hours,
    logo: row.logo_png ? `data:image/png;base64,${row.logo_png.toString("base64")}` : null,
    logo_width: row.logo_width,
    logo_height: row.logo_height,
    updated: row.updated.toISOString(),
  };
}

export const brandContent = (row: BrandRow): BrandContent => ({
  display_name: row.display_name,
  address_lines: row.address_lines,
  phone: row.phone,
  website: row.website,
  hours: row.hours,
  logo_png: row.logo_png,
});
