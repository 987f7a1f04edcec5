import { createHash } from "node:crypto";

/** What a brand prints besides its logo (the print module's brand, and the demo seed's). */
export interface BrandFields {
  display_name: string;
  address_lines: string;
  phone: string;
  website: string;
  hours: string;
}

/** sha-256 of what a brand prints: its fields and its logo's bytes. Equal hashes print the same (decision 044). */
export function brandHash(fields: BrandFields, logo: Buffer | null): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify([fields.display_name, fields.address_lines, fields.phone, fields.website, fields.hours]));
  hash.update(logo ?? Buffer.alloc(0));
  return hash.digest("hex");
}
