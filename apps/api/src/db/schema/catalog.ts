import { type AnyPgColumn, boolean, index, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { bytea, refersTo, timestamps } from "./columns.ts";
import { customers, departments } from "./customers.ts";

export const product_categories = pgTable("product_categories", {
  id: integer().primaryKey(),
  customer_id: refersTo(() => customers.id),
  name: text().notNull(),
  subtitle: text(),
  sort_order: integer().notNull().default(0),
  is_active: boolean().notNull().default(true),
  ...timestamps,
});

/**
 * New products get ids from the database (an identity, decision 027), so two administrators adding
 * at once never clash: above the legacy catalogue's ids (up to 148980; the demo's are 144xxx), the
 * benchmark's generated products (200001 on) and the ids tests insert (up to 996000).
 */
export const PRODUCT_ID_START = 1_000_001;

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity({ startWith: PRODUCT_ID_START }),
    customer_id: refersTo(() => customers.id),
    product_category_id: refersTo(() => product_categories.id),
    name: text().notNull(),
    customer_sku: text(),
    quickbooks_type_id: integer().notNull().default(1),
    description_1: text(),
    additional_info: text(),
    /** Pack size (shown as UOM in admin). */
    package_quantity: integer().notNull().default(50),
    min_quantity: integer().notNull().default(1),
    max_quantity: integer().notNull().default(100),
    is_customizable: boolean().notNull().default(false),
    is_mailable: boolean().notNull().default(false),
    no_upload: boolean().notNull().default(true),
    use_quantities_dropdown: boolean().notNull().default(false),
    quantity_list: text(),
    modifier: text(),
    apparel_sizes: text(),
    is_in_inventory: boolean().notNull().default(true),
    show_inventory: boolean().notNull().default(false),
    no_order_below_zero_inventory: boolean().notNull().default(true),
    /** Cached balance of the inventory ledger, written in the same transaction as each ledger row. */
    actual_inventory: integer().notNull().default(0),
    low_inventory_amount: integer().notNull().default(0),
    /** Pick fee per pack, in cents. */
    pick_fee_cents: integer().notNull().default(0),
    /** Hour (1–12, pm America/New_York) after which orders ship a business day later. */
    cutoff_time: integer().notNull().default(2),
    image_url: text(),
    is_active: boolean().notNull().default(true),
    /**
     * A personalised product is made to order (issue 24 §4): it takes no finished stock; when it
     * names a blank, that product's stock is taken instead. Its ship date adds production_days.
     */
    blank_product_id: integer().references((): AnyPgColumn => products.id, { onDelete: "set null" }),
    production_days: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [index("products_category_idx").on(t.product_category_id)],
);

/** Unit price per pack by ordered quantity (price_ranges). */
export const product_price_ranges = pgTable(
  "product_price_ranges",
  {
    id: serial().primaryKey(),
    product_id: refersTo(() => products.id, "cascade"),
    min_quantity: integer().notNull(),
    max_quantity: integer(),
    price_cents: integer().notNull(),
    ...timestamps,
  },
  (t) => [index("product_price_ranges_product_idx").on(t.product_id)],
);

/** Departments a product is visible to; a product with no rows is visible to every department. */
export const product_departments = pgTable(
  "product_departments",
  {
    product_id: refersTo(() => products.id, "cascade"),
    department_id: refersTo(() => departments.id, "cascade"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.product_id, t.department_id] })],
);

/** Uploaded product images, served at /media/uploads/{id}. Kept in the database so every API process sees them. */
export const product_images = pgTable("product_images", {
  id: serial().primaryKey(),
  product_id: refersTo(() => products.id, "cascade"),
  content_type: text().notNull(),
  data: bytea().notNull(),
  ...timestamps,
});
