import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "../src/db/schema/index.ts";
import { bearer, queryRows } from "./helpers.ts";
import { usePracticeTwice } from "./support/app.ts";

/**
 * Two tabs (or computers) writing one user's server cart at once, on a real server: PGlite runs one
 * transaction at a time and could not show a race (decision 021).
 */
const t = usePracticeTwice();

const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

async function makeProducts(first: number, count: number) {
  const ids = Array.from({ length: count }, (_, i) => first + i);
  await t.db.insert(products).values(
    ids.map((id) => ({
      id,
      customer_id: 1850,
      product_category_id: 2101,
      name: `Race Cart Leaflet ${id}`,
      min_quantity: 1,
      max_quantity: 50,
      is_in_inventory: true,
      no_order_below_zero_inventory: true,
      actual_inventory: 1000,
    })),
  );
  for (const id of ids)
    await t.db.execute(
      sql`insert into product_price_ranges (product_id, min_quantity, price_cents) values (${id}, 1, 400)`,
    );
  return ids;
}

const stored = async () =>
  queryRows<{ product_id: number; quantity: number }>(
    t.db,
    sql`select product_id, quantity from cart_items where user_id = ${t.practiceUserId} order by product_id`,
  );

describe("concurrent writes of one cart on PostgreSQL", () => {
  it("keeps every line added by 30 simultaneous updates from two tabs, each change counted once", async () => {
    const ids = await makeProducts(970_000, 30);
    await post("/api/cart/replace", { items: [] }, t.tokens[0]);
    const start = (await post("/api/cart/query", {}, t.tokens[0])).json().data.revision as number;
    const results = await Promise.all(
      ids.map((id, i) => post("/api/cart/update", { items: [{ id, quantity: i + 1 }] }, t.tokens[i % 2] as string)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(await stored()).toEqual(ids.map((id, i) => ({ product_id: id, quantity: i + 1 })));
    // Every answer has its own revision: the changes ran one after the other.
    const revisions = results.map((r) => r.json().data.revision as number);
    expect(new Set(revisions).size).toBe(ids.length);
    expect(Math.max(...revisions)).toBe(start + ids.length);
  });

  it("ends with exactly one of two simultaneous replacements, never a mix or an error", async () => {
    const ids = await makeProducts(970_100, 20);
    const left = ids.slice(0, 10).map((id) => ({ id, quantity: 1 }));
    const right = ids.slice(10).map((id) => ({ id, quantity: 2 }));
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        post("/api/cart/replace", { items: left }, t.tokens[0]),
        post("/api/cart/replace", { items: right }, t.tokens[1]),
      ]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = await stored();
      const asLeft = left.map((l) => ({ product_id: l.id, quantity: 1 }));
      const asRight = right.map((l) => ({ product_id: l.id, quantity: 2 }));
      expect([asLeft, asRight]).toContainEqual(rows);
      // The answer with the higher revision is the cart as it stands.
      const last = results.map((r) => r.json().data).sort((a, b) => b.revision - a.revision)[0];
      expect(
        last.items.map((i: { id: number; quantity: number }) => ({ product_id: i.id, quantity: i.quantity })),
      ).toEqual(rows);
    }
  });

  it("merges the same product from two sign-ins at once into the larger quantity", async () => {
    const [id] = await makeProducts(970_200, 1);
    await post("/api/cart/replace", { items: [] }, t.tokens[0]);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post("/api/cart/merge", { items: [{ id, quantity: i + 1 }] }, t.tokens[i % 2] as string),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await stored()).toEqual([{ product_id: id, quantity: 10 }]);
  });

  it("places orders while the cart is being changed, without an error or a lost line", async () => {
    const ids = await makeProducts(970_300, 12);
    await post("/api/cart/replace", { items: ids.map((id) => ({ id, quantity: 1 })) }, t.tokens[0]);
    const order = (id: number) => ({
      contact_name: "Maria Lopez",
      contact_phone: "415-555-0101",
      email: "maria@happypaws.test",
      delivery_method_id: 1,
      items: [{ id, quantity: 1 }],
    });
    const ordered = ids.slice(0, 6);
    const kept = ids.slice(6);
    const results = await Promise.all([
      ...ordered.map((id) => post("/api/order/add", order(id), t.tokens[0])),
      ...kept.map((id) => post("/api/cart/update", { items: [{ id, quantity: 3 }] }, t.tokens[1])),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    expect(await stored()).toEqual(kept.map((id) => ({ product_id: id, quantity: 3 })));
  });
});
