import * as t from "../schema/index.ts";
import { insertChunked, type SeedContext } from "./context.ts";
import { DEMO_CATEGORIES } from "./demo-catalog.ts";
import type { Random } from "./random.ts";

type DemoCategory = (typeof DEMO_CATEGORIES)[number];
type DemoProduct = DemoCategory["products"][number];

/** A demo product as the order history uses it. */
export interface SeededProduct {
  id: number;
  name: string;
  inInventory: boolean;
  forbidsNegative: boolean;
  min: number;
  max: number;
  low: number;
  pickFee: number;
  ranges: { min_quantity: number; max_quantity: number | null; price_cents: number }[];
  popularity: number;
  categoryId: number;
}

const BASE_PRICE = {
  Brochure: 3900,
  "Client Handout": 2900,
  Kit: 8900,
  Poster: 2400,
  "Reminder Card": 3400,
  Booklet: 5900,
  Display: 12900,
};

/** A product's rules and price tiers, drawn from the random sequence. */
function productOf(rnd: Random, c: DemoCategory, p: DemoProduct, id: number): SeededProduct {
  const base = BASE_PRICE[p.kind];
  const price = base + rnd.int(0, 8) * 100;
  const inInventory = p.kind !== "Reminder Card"; // reminder cards are printed on demand
  return {
    id,
    name: p.name,
    inInventory,
    forbidsNegative: inInventory && !rnd.chance(0.15),
    min: p.kind === "Display" ? 1 : rnd.pick([1, 1, 2, 5]),
    max: p.kind === "Display" ? 5 : rnd.pick([20, 25, 50, 100]),
    low: inInventory ? rnd.pick([20, 30, 50, 80]) : 0,
    pickFee: inInventory ? rnd.pick([25, 35, 50]) : 0,
    ranges: [
      { min_quantity: 1, max_quantity: 9, price_cents: price },
      { min_quantity: 10, max_quantity: 24, price_cents: Math.round((price * 0.9) / 10) * 10 },
      { min_quantity: 25, max_quantity: null, price_cents: Math.round((price * 0.8) / 10) * 10 },
    ],
    popularity: rnd.next() * 2 + 0.2,
    categoryId: c.id,
  };
}

/** The products row of a demo product (draws its display flag and cut-off time after productOf). */
function productRow({ rnd, customerId }: SeedContext, c: DemoCategory, p: DemoProduct, product: SeededProduct) {
  const { id, inInventory } = product;
  return {
    id,
    customer_id: customerId,
    product_category_id: c.id,
    name: p.name,
    customer_sku: `VP-${String(c.id).slice(-3)}-${String(id).slice(-4)}`,
    quickbooks_type_id: p.qbType ?? 1,
    description_1: describe(p),
    additional_info: `${p.kind} · pack of ${p.pack}`,
    package_quantity: p.pack,
    min_quantity: product.min,
    max_quantity: product.max,
    is_in_inventory: inInventory,
    show_inventory: inInventory && rnd.chance(0.5),
    no_order_below_zero_inventory: product.forbidsNegative,
    low_inventory_amount: product.low,
    pick_fee_cents: product.pickFee,
    cutoff_time: rnd.pick([1, 2, 2, 3]),
    image_url: `/media/products/${id}.svg`,
  };
}

/** The catalogue: categories, products with their price tiers, and the shelter program's visibility. */
export async function seedCatalog(ctx: SeedContext, deptId: (name: string) => number) {
  const { db, customerId } = ctx;
  await db.insert(t.product_categories).values(
    DEMO_CATEGORIES.map((c) => ({
      id: c.id,
      customer_id: customerId,
      name: c.name,
      subtitle: c.subtitle ?? null,
      sort_order: c.sort_order,
    })),
  );
  let nextId = 144100;
  const products: SeededProduct[] = [];
  for (const c of DEMO_CATEGORIES) {
    for (const p of c.products) {
      const product = productOf(ctx.rnd, c, p, p.id ?? nextId++);
      products.push(product);
      await db.insert(t.products).values(productRow(ctx, c, p, product));
    }
  }
  await insertChunked(
    db,
    t.product_price_ranges,
    products.flatMap((p) => p.ranges.map((r) => ({ product_id: p.id, ...r }))),
  );
  // Shelter-program material is visible to the shelter department only.
  const shelter = products.filter((p) => p.name.includes("Stress-Free Cat Carrier"));
  if (shelter.length)
    await db
      .insert(t.product_departments)
      .values(shelter.map((p) => ({ product_id: p.id, department_id: deptId("Shelter Medicine Program") })));
  return products;
}

function describe(p: { name: string; kind: string; pack: number }): string {
  const what = {
    Brochure: "A tri-fold client brochure",
    "Client Handout": "A one-page client handout",
    Kit: "A take-home kit",
    Poster: "An exam-room poster (18 x 24 in)",
    "Reminder Card": "A printed reminder postcard",
    Booklet: "A full-color booklet",
    Display: "A counter display",
  }[p.kind];
  return `${what}: "${p.name}". Written by veterinarians in plain language for pet owners. Sold in packs of ${p.pack}.`;
}
