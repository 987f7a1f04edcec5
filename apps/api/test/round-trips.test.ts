import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCaches } from "../src/lib/cache.ts";
import { bearer, createTestApp, signInPractice } from "./helpers.ts";
import { orderBody } from "./support/fixtures.ts";
import { watchStatements } from "./support/statements.ts";

/*
 * Issue 22 §2 (decision 038): a practice's own pages cost the database as few round trips as they
 * can. Counted on the driver (both drivers), not timed: My Orders and an order page are ONE
 * statement each, placing an order TWO (the read and the one-statement write), and an order leaves
 * the session and catalogue caches valid (only stock is read again).
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let practice: string;
beforeAll(async () => {
  t = await createTestApp();
  practice = (await signInPractice(t.app)).access_token;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: { ...bearer(practice), ...headers } });

/** The statements a request sends, but the caches' counter checks; and its answer. */
async function statementsOf(send: () => ReturnType<typeof post>) {
  const watch = watchStatements(t.database);
  try {
    const res = await send();
    return { res, own: watch.own() };
  } finally {
    watch.stop();
  }
}

describe("round trips of a practice's pages", () => {
  it("reads My Orders' first page, its count and every order's packages in one statement", async () => {
    await post("/api/order/list");
    const { res, own } = await statementsOf(() => post("/api/order/list"));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().found_rows).toBeGreaterThanOrEqual(res.json().data.length);
    expect(own).toHaveLength(1);
  });

  it("reads an order page (the order, its names, lines, history and packages) in one statement", async () => {
    const [first] = (await post("/api/order/list")).json().data;
    await post("/api/order/query", { id: first.id });
    const { res, own } = await statementsOf(() => post("/api/order/query", { id: first.id }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(first.id);
    expect(res.json().data.order_products.length + res.json().data.cancel_products.length).toBeGreaterThan(0);
    expect(own).toHaveLength(1);
  });

  it("answers an order the reader may not see with 404 after that one statement", async () => {
    const { res, own } = await statementsOf(() => post("/api/order/query", { id: 2_000_000_000 }));
    expect(res.statusCode).toBe(404);
    expect(own).toHaveLength(1);
  });

  it("places an order in two statements: its read (with the programme's) and its write", async () => {
    const products = (await post("/api/product/list")).json().data as {
      id: number;
      min_quantity: number;
      is_in_inventory: boolean;
      actual_inventory: number;
    }[];
    const product = products.find((p) => p.is_in_inventory && p.actual_inventory > 10 * p.min_quantity);
    if (!product) throw new Error("no stocked product in the demo catalogue");
    const body = orderBody([{ id: product.id, quantity: product.min_quantity }]);
    // The first order loads the delivery methods into their cache.
    expect((await post("/api/order/add", body, { "idempotency-key": randomUUID() })).statusCode).toBe(200);
    const { res, own } = await statementsOf(() => post("/api/order/add", body, { "idempotency-key": randomUUID() }));
    expect(res.statusCode).toBe(200);
    // Decision 038: the read and the one-statement write. The sponsor's programme (issue 23) reads
    // its balances (decision 039) and its approval rules with the approvers (decision 040) inside
    // that read, and opens accounts and books past periods only when a period has rolled (the
    // first order above opened them); the "approval" outcome is checked under the lock in the write.
    expect(own).toHaveLength(2);
    const stock = (await post("/api/product/query", { id: product.id })).json().data.actual_inventory;
    expect(stock).toBe(product.actual_inventory - 2 * product.min_quantity);
  });
});

describe("caches after a call that changes only stock", () => {
  it("reads stock again without a check of the counters; invalidate() checks them", async () => {
    const caches = createCaches(t.db, 60_000);
    let valueLoads = 0;
    let stockLoads = 0;
    const value = caches.value(["products"], async () => ++valueLoads);
    const stock = caches.volatile(async () => ++stockLoads);
    const watch = watchStatements(t.database);
    try {
      const checks = () => watch.texts.length - watch.own().length;
      expect([await value(), await stock()]).toEqual([1, 1]);
      expect(checks()).toBe(1);
      // Within the stale window nothing is read again.
      expect([await value(), await stock()]).toEqual([1, 1]);
      caches.invalidateVolatile();
      expect([await value(), await stock()]).toEqual([1, 2]);
      expect(checks()).toBe(1);
      caches.invalidate();
      expect([await value(), await stock()]).toEqual([1, 3]);
      expect(checks()).toBe(2);
    } finally {
      watch.stop();
    }
  });
});
