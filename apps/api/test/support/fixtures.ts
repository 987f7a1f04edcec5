import type { Database } from "../../src/db/client.ts";
import { product_price_ranges, products } from "../../src/db/schema/index.ts";

/**
 * Set-up steps many API tests share: a product of a test's own in the demo catalogue, and the body
 * of an order the demo practice places. Each test still says what it needs (stock, price tiers,
 * quantities), so its assertions read on their own.
 */

/** A price tier: from `min` packs, up to `max` (null: no upper end), at `cents` a pack. */
export type PriceTier = [min: number, max: number | null, cents: number];

type ProductValues = typeof products.$inferInsert;

/**
 * Inserts a product for the demo practice's customer (1850, category 2101) with its price tiers:
 * from 1 pack, tracked in inventory and never sold below zero unless `values` say otherwise.
 */
export async function insertProduct(
  db: Database,
  values: Omit<ProductValues, "customer_id" | "product_category_id"> & Partial<ProductValues>,
  tiers: PriceTier[],
) {
  await db.insert(products).values({
    customer_id: 1850,
    product_category_id: 2101,
    min_quantity: 1,
    is_in_inventory: true,
    no_order_below_zero_inventory: true,
    ...values,
  });
  await db.insert(product_price_ranges).values(
    tiers.map(([min_quantity, max_quantity, price_cents]) => ({
      product_id: values.id,
      min_quantity,
      max_quantity,
      price_cents,
    })),
  );
  return values.id;
}

/** Inserts product `id`, named `${name} ${id}`, with these values and price tiers (insertProduct). */
export function insertNamedProduct(
  db: Database,
  name: string,
  id: number,
  values: Partial<ProductValues>,
  tiers: PriceTier[],
) {
  return insertProduct(db, { id, name: `${name} ${id}`, ...values }, tiers);
}

/** The body of POST /api/order/add as the demo practice's contact fills it in. */
export const orderBody = (items: { id: number; quantity: number }[], extra: Record<string, unknown> = {}) => ({
  contact_name: "Maria Lopez",
  contact_phone: "415-555-0101",
  email: "maria@happypaws.test",
  delivery_method_id: 1,
  items,
  ...extra,
});

/**
 * A test file's maker of products of its own: ids count up from `first.id`, each named
 * `${first.name} ${id}`, with `defaults` and `tiers` unless a call gives other values or tiers.
 * `t.db` is read at each call, so `t` may be the file's useSignedInApp().
 */
export function productMaker(
  t: { db: Database },
  first: { id: number; name: string },
  defaults: Partial<ProductValues>,
  tiers: PriceTier[],
) {
  let nextId = first.id;
  return (values: Partial<ProductValues> = {}, ownTiers: PriceTier[] = tiers) => {
    return insertNamedProduct(t.db, first.name, nextId++, { ...defaults, ...values }, ownTiers);
  };
}

/** A deliverable address a user adds to themselves (POST /api/address/add), in San Francisco. */
export const SF_ADDRESS = {
  belong_to: "user",
  contact: "Maria Lopez",
  line1: "500 Howard Street",
  city: "San Francisco",
  state: "CA",
  zip_code: "94105",
  country: 186,
};
