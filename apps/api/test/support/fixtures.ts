import { asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../src/db/client.ts";
import { inventory_transactions, order_products, product_price_ranges, products } from "../../src/db/schema/index.ts";
import { DEMO_POSTCARD_ID } from "../../src/db/seed/seed-print.ts";

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
  values: Omit<ProductValues, "customer_id" | "product_category_id"> & Partial<ProductValues> & { id: number },
  tiers: PriceTier[],
): Promise<number> {
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

/** An order's lines as stored, in the order they were written. */
export const orderLinesOf = (db: Database, orderId: number) =>
  db.select().from(order_products).where(eq(order_products.order_id, orderId)).orderBy(asc(order_products.id));

/** The ledger rows an order wrote, in the order they were written. */
export const ledgerOf = (db: Database, orderId: number) =>
  db
    .select()
    .from(inventory_transactions)
    .where(eq(inventory_transactions.order_id, orderId))
    .orderBy(asc(inventory_transactions.id));

/** A 1×1 PNG, for the product image upload. */
export const TINY_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ff9f0100050001ff5ccc6b1b0000000049454e44ae426082",
  "hex",
);

/** The multipart body of POST /api/product/image: the product id and the file, named x.png. */
export const imageUploadBody = (boundary: string, id: number, file: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);

/** What `approvedProof` needs of a test app: its database and a way to post as the practice. */
interface ProofSetUp {
  db: Database;
  app: {
    inject: (opts: {
      method: "POST";
      url: string;
      payload: never;
      headers: Record<string, string>;
    }) => Promise<{ statusCode: number; body: string; json: () => { data: { id: number } } }>;
  };
}

/**
 * Makes a personalised test product orderable by the demo practice (an order needs an approved
 * proof of each personalised line, decision 044): the demo postcard's template is copied onto it,
 * then the practice asks for its proof and approves it. Returns the proof's id.
 */
export async function approvedProof(t: ProofSetUp, practiceToken: string, productId: number): Promise<number> {
  await t.db.execute(sql`
    insert into print_templates (product_id, version, base_pdf, fields, bleed_mm)
    select ${productId}, 1, base_pdf, fields, bleed_mm from print_templates
    where product_id = ${DEMO_POSTCARD_ID} order by version desc limit 1`);
  const headers = { authorization: `Bearer ${practiceToken}` };
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, payload: payload as never, headers });
  const proof = await post("/api/proof/query", { product_id: productId });
  if (proof.statusCode !== 200) throw new Error(`proof of ${productId}: ${proof.body}`);
  const id = proof.json().data.id;
  const approved = await post("/api/proof/approve", { proof_id: id });
  if (approved.statusCode !== 200) throw new Error(`approving proof ${id}: ${approved.body}`);
  return id;
}
