import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { bytea, refersTo, timestamps } from "./columns.ts";
import { users } from "./users.ts";

/**
 * A practice's brand (issue 24 §1, decision 044): one immutable row per version, so a proof keeps
 * pointing at exactly what the practice approved. The practice's brand is its highest version; a
 * save that changes nothing (same hash) adds no version. The logo is kept normalised to PNG.
 */
export const practice_brands = pgTable(
  "practice_brands",
  {
    id: serial().primaryKey(),
    user_id: refersTo(() => users.id, "cascade"),
    version: integer().notNull(),
    display_name: text().notNull(),
    /** Up to four lines, separated by newlines. */
    address_lines: text().notNull().default(""),
    phone: text().notNull().default(""),
    /** A website or booking link, printed as a QR code. */
    website: text().notNull().default(""),
    hours: text().notNull().default(""),
    logo_png: bytea(),
    logo_width: integer(),
    logo_height: integer(),
    /** sha-256 of the fields and the logo: equal hashes print the same. */
    hash: text().notNull(),
    ...timestamps,
  },
  (t) => [
    unique("practice_brands_version_key").on(t.user_id, t.version),
    check("practice_brands_version_positive", sql`${t.version} > 0`),
  ],
);

/**
 * A customizable product's print template (issue 24 §2): one immutable row per version, like
 * brands. `fields` places the brand on the base PDF's first page (TemplateField in the contract).
 */
export const print_templates = pgTable(
  "print_templates",
  {
    id: serial().primaryKey(),
    product_id: refersTo(() => products.id, "cascade"),
    version: integer().notNull(),
    base_pdf: bytea().notNull(),
    fields: jsonb().notNull(),
    /** Bleed around the trim box, in millimetres. */
    bleed_mm: integer().notNull().default(3),
    created_by: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    unique("print_templates_version_key").on(t.product_id, t.version),
    check("print_templates_version_positive", sql`${t.version} > 0`),
  ],
);

/**
 * A proof: one brand version on one template version, for one practice. Approving sets
 * `approved_at` once; a cart line and an order line point at the approved proof they print.
 */
export const proofs = pgTable(
  "proofs",
  {
    id: serial().primaryKey(),
    user_id: refersTo(() => users.id, "cascade"),
    product_id: refersTo(() => products.id, "cascade"),
    brand_id: refersTo(() => practice_brands.id, "cascade"),
    template_id: refersTo(() => print_templates.id, "cascade"),
    approved_at: timestamp({ withTimezone: true }),
    approved_by: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    unique("proofs_brand_template_key").on(t.user_id, t.brand_id, t.template_id),
    index("proofs_user_product_idx").on(t.user_id, t.product_id),
  ],
);
