import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openPostgres } from "../src/db/client.ts";
import { inventory_transactions, orders, products } from "../src/db/schema/index.ts";
import { DEMO_PRACTICES } from "../src/db/seed/demo-people.ts";
import { bearer, createPostgresCopy, queryRows, signIn, signInAdmin, testConfig } from "./helpers.ts";
import { rollupsAgainstRawRows } from "./rollups.ts";

/**
 * Issue 9 §1 and §6: a busy network of practices on a real server. The app gets a pool of 20
 * connections so that requests really run at the same time (PGlite runs one transaction at a time).
 */
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openPostgres>>;
let drop: () => Promise<void>;
let admin: string;
beforeAll(async () => {
  const copy = await createPostgresCopy();
  drop = copy.drop;
  database = await openPostgres(copy.url, { poolSize: 20 });
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
  admin = (await signInAdmin(app)).access_token;
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
});

type Reply = { statusCode: number; body: string; json(): { data?: unknown; error?: { code: string } } };
const post = (url: string, token: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, headers: { ...bearer(token), ...headers }, payload: payload as never });

/** Runs the tasks `width` at a time, in order of start. */
async function pool<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < tasks.length; i = next++) results[i] = await (tasks[i] as () => Promise<T>)();
    }),
  );
  return results;
}

/** A small seeded generator (mulberry32): the storm is the same on every run. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface StormProduct {
  id: number;
  tracked: boolean;
  destroyable: boolean;
  noBelowZero: boolean;
  stock: number;
}

async function addProduct(p: StormProduct) {
  await database.db.insert(products).values({
    id: p.id,
    customer_id: 1850,
    product_category_id: 2101,
    name: `Storm Brochure ${p.id}`,
    customer_sku: `ST-${p.id}`,
    quickbooks_type_id: p.destroyable ? 5 : 1,
    min_quantity: 1,
    max_quantity: 12,
    is_in_inventory: p.tracked,
    no_order_below_zero_inventory: p.noBelowZero,
    actual_inventory: p.stock,
    pick_fee_cents: 7 * (p.id % 5),
  });
  await database.db.execute(sql`insert into product_price_ranges (product_id, min_quantity, max_quantity, price_cents)
    values (${p.id}, 1, 4, ${300 + (p.id % 7) * 37}), (${p.id}, 5, null, ${250 + (p.id % 7) * 29})`);
}

const order = (items: { id: number; quantity: number; is_destroy?: boolean }[], email = "storm@practice.test") => ({
  contact_name: "Storm Tester",
  contact_phone: "415-555-0101",
  email,
  delivery_method_id: 1,
  items,
});

describe("an order storm on PostgreSQL", () => {
  it("answers 360 mixed requests from six practices without a 5xx, keeps stock and every report figure exact", async () => {
    const catalog: StormProduct[] = [
      ...[0, 1, 2, 3].map((i) => ({
        id: 990_100 + i,
        tracked: false,
        destroyable: false,
        noBelowZero: true,
        stock: 0,
      })),
      ...[0, 1, 2, 3].map((i) => ({
        id: 990_200 + i,
        tracked: true,
        destroyable: false,
        noBelowZero: true,
        stock: 60,
      })),
      { id: 990_300, tracked: true, destroyable: false, noBelowZero: false, stock: 10 },
      ...[0, 1].map((i) => ({ id: 990_400 + i, tracked: true, destroyable: true, noBelowZero: true, stock: 40 })),
    ];
    for (const p of catalog) await addProduct(p);
    const practices = await Promise.all(
      DEMO_PRACTICES.slice(0, 6).map(async (p) => {
        const session = await signIn(app, {
          method: "address",
          address_name: p.practice,
          line1: p.line1,
          zip_code: p.zip,
        });
        return { token: session.access_token, orders: [] as number[] };
      }),
    );

    const random = seeded(20_261_123);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)] as T;
    const tasks: (() => Promise<Reply>)[] = [];
    const kinds: string[] = [];
    for (let i = 0; i < 360; i++) {
      const roll = random();
      const practice = pick(practices);
      const key = `storm-${i}-${Math.floor(random() * 1e9)}`;
      kinds.push(
        roll < 0.6 ? "order" : roll < 0.75 ? "cancel" : roll < 0.85 ? "replenish" : roll < 0.93 ? "adjust" : "destroy",
      );
      if (roll < 0.6) {
        // Practices order everything but the destroyable products, whose stock would otherwise be gone
        // before most destroys start; those race with replenishments and adjustments instead.
        const orderable = catalog.filter((p) => !p.destroyable);
        const chosen = new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(orderable).id));
        const items = [...chosen].map((id) => ({ id, quantity: 1 + Math.floor(random() * 6) }));
        tasks.push(async () => {
          const res = await post("/api/order/add", practice.token, order(items), { "idempotency-key": key });
          if (res.statusCode === 200) practice.orders.push(res.json().data as number);
          return res;
        });
      } else if (roll < 0.75) {
        tasks.push(async () => {
          const id = practice.orders.length ? pick(practice.orders) : 1;
          return post("/api/order/cancel", practice.token, { order_id: id });
        });
      } else if (roll < 0.85) {
        const product = pick(catalog.filter((p) => p.tracked));
        const quantity = 5 + Math.floor(random() * 30);
        tasks.push(() =>
          post("/api/inventory/replenish", admin, { product_id: product.id, quantity, comment: "Storm" }),
        );
      } else if (roll < 0.93) {
        const product = pick(catalog.filter((p) => p.tracked));
        const quantity = Math.floor(random() * 21) - 12 || 1;
        tasks.push(() => post("/api/inventory/adjust", admin, { product_id: product.id, quantity, comment: "Count" }));
      } else {
        const product = pick(catalog.filter((p) => p.destroyable));
        tasks.push(async () => {
          const line = await post("/api/product/destroy", admin, { id: product.id });
          if (line.statusCode !== 200) return line;
          const { quantity } = line.json().data as { quantity: number };
          return post("/api/order/add", admin, order([{ id: product.id, quantity, is_destroy: true }]), {
            "idempotency-key": key,
          });
        });
      }
    }
    const replies = await pool(tasks, 16);

    const failures = replies.filter((r) => r.statusCode >= 500).map((r) => `${r.statusCode} ${r.body}`);
    expect(failures).toEqual([]);
    // Every kind of write really happened, many times.
    const done = (kind: string) => replies.filter((r, i) => kinds[i] === kind && r.statusCode === 200).length;
    expect(done("order")).toBeGreaterThan(150);
    expect(done("cancel")).toBeGreaterThan(5);
    expect(done("replenish")).toBeGreaterThan(10);
    expect(done("adjust")).toBeGreaterThan(5);
    expect(done("destroy")).toBeGreaterThan(0);

    // Stock: never below zero where forbidden, and always the opening stock plus the ledger.
    const ids = catalog.map((p) => p.id);
    const stock = await database.db
      .select({ id: products.id, actual: products.actual_inventory })
      .from(products)
      .where(inArray(products.id, ids));
    const moves = await database.db
      .select({ id: inventory_transactions.product_id, sum: sql<number>`sum(${inventory_transactions.quantity})::int` })
      .from(inventory_transactions)
      .where(inArray(inventory_transactions.product_id, ids))
      .groupBy(inventory_transactions.product_id);
    for (const p of catalog) {
      const actual = stock.find((s) => s.id === p.id)?.actual as number;
      if (p.tracked && p.noBelowZero) expect(actual, `stock of ${p.id}`).toBeGreaterThanOrEqual(0);
      expect(actual, `stock of ${p.id}`).toBe(p.stock + (moves.find((m) => m.id === p.id)?.sum ?? 0));
    }

    // The rollups: every row equals the from-scratch figure, and nothing is missing or left over.
    const { productDays, productRaw, inventoryDays, inventoryRaw } = await rollupsAgainstRawRows(database.db);
    expect(productDays).toEqual(productRaw);
    expect(inventoryDays).toEqual(inventoryRaw);

    // And through the API: the rollup path answers as the lines themselves do.
    const [today] = await queryRows<{ day: string }>(
      database.db,
      sql`select (now() at time zone 'America/Los_Angeles')::date::text as day`,
    );
    const filter = { date_from: "2025-12-01", date_to: today?.day };
    for (const search_by of [2, 4]) {
      const rollup = await post("/api/report/orderFrontEnd", admin, { ...filter, search_by });
      const raw = await post("/api/report/orderFrontEnd", admin, { ...filter, search_by, payment_method_id: 1 });
      expect(rollup.statusCode, rollup.body).toBe(200);
      // The same figures; only the moment they are as of differs (decision 025).
      const figures = (res: typeof raw) => ({ ...res.json(), data: { ...res.json().data, freshness: undefined } });
      expect(figures(raw)).toEqual(figures(rollup));
    }
  });
});

describe("one Idempotency-Key sent at once with two different orders", () => {
  it("stores one order; the same request gets it back, the other request 422", async () => {
    await addProduct({ id: 990_601, tracked: true, destroyable: false, noBelowZero: true, stock: 100 });
    const [first] = DEMO_PRACTICES;
    const token = (
      await signIn(app, { method: "address", address_name: first?.practice, line1: first?.line1, zip_code: first?.zip })
    ).access_token;
    const headers = { "idempotency-key": "two-tabs-3e9d2f71" };
    const payloads = [2, 5, 2, 5, 2, 5, 2, 5].map((quantity) => order([{ id: 990_601, quantity }]));
    const replies = await Promise.all(payloads.map((p) => post("/api/order/add", token, p, headers)));

    const ok = replies.filter((r) => r.statusCode === 200);
    const ids = new Set(ok.map((r) => r.json().data));
    expect(ids.size).toBe(1);
    expect(ok).toHaveLength(4);
    expect(replies.filter((r) => r.statusCode === 422).map((r) => r.json().error?.code)).toEqual(
      Array(4).fill("IDEMPOTENCY_KEY_REUSED"),
    );
    const stored = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_products where product_id = 990601)`);
    expect(stored).toHaveLength(1);
    const [left] = await database.db
      .select()
      .from(products)
      .where(inArray(products.id, [990_601]));
    expect([98, 95]).toContain(left?.actual_inventory);
  });
});

describe("destroy orders on PostgreSQL", () => {
  const destroyable = async (id: number, stock: number, noBelowZero: boolean) =>
    addProduct({ id, tracked: true, destroyable: true, noBelowZero, stock });
  const destroy = (id: number, quantity: number, headers: Record<string, string> = {}) =>
    post("/api/order/add", admin, order([{ id, quantity, is_destroy: true }], "ops@warehouse.test"), headers);
  const stockOf = async (id: number) =>
    (
      await database.db
        .select()
        .from(products)
        .where(inArray(products.id, [id]))
    )[0]?.actual_inventory;

  it("destroys a product's stock once when twelve destroys of it race, never below zero", async () => {
    // A product that may go below zero for orders: a destroy still takes exactly its stock.
    await destroyable(990_501, 241, false);
    const replies = await Promise.all(Array.from({ length: 12 }, () => destroy(990_501, 241)));
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode !== 200).every((r) => r.json().error.code === "CONFLICT")).toBe(true);
    expect(await stockOf(990_501)).toBe(0);
    const ledger = await database.db
      .select()
      .from(inventory_transactions)
      .where(inArray(inventory_transactions.product_id, [990_501]));
    expect(ledger.map((l) => [l.action, l.quantity, l.ending_inventory])).toEqual([["destroy", -241, 0]]);
  });

  it("creates one destroy order for the same Idempotency-Key sent six times at once", async () => {
    await destroyable(990_502, 50, true);
    const headers = { "idempotency-key": "destroy-once-8c1e55aa" };
    const replies = await Promise.all(Array.from({ length: 6 }, () => destroy(990_502, 50, headers)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(new Set(replies.map((r) => r.json().data)).size).toBe(1);
    const stored = await database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_products where product_id = 990502)`);
    expect(stored).toHaveLength(1);
    expect(await stockOf(990_502)).toBe(0);
  });
});
