import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema/index.ts";
import { bearer, createTestApp, signInAdmin, signInPractice } from "./helpers.ts";
import { orderBody } from "./support/fixtures.ts";

/**
 * The caches of decision 017 with the longest staleness allowed (other tests check on every use):
 * a change made through this process is read at once, one made behind its back (another process,
 * here a direct write) within CACHE_MAX_STALE_MS.
 */
const STALE_MS = 1000;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ CACHE_MAX_STALE_MS: STALE_MS });
  admin = (await signInAdmin(t.app)).access_token;
});
afterAll(() => t.close());

const post = (url: string, token: string, payload: unknown = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });
const listed = async (token: string, id: number) =>
  (await post("/api/product/list", token)).json().data.find((p: { id: number }) => p.id === id);

const PRODUCT_FORM = {
  name: "Rabbit Care Basics",
  customer_sku: "VP-RAB-01",
  product_category_id: 2103,
  quickbooks_type_id: 1,
  package_quantity: 50,
  min_quantity: 2,
  max_quantity: 20,
  price_ranges: [{ min_quantity: 1, max_quantity: null, price_cents: 3900 }],
  pick_fees: 30,
  cutoff_time: 2,
  is_in_inventory: false,
  is_active: true,
  department_list: [],
};

/**
 * Whether `read` comes to satisfy `done` within `limitMs`. The bound is generous (the cache promises
 * CACHE_MAX_STALE_MS; a loaded test machine may pause for longer): it fails when the change is
 * never seen, not when it is seen a little late.
 */
async function seenWithin<T>(limitMs: number, read: () => Promise<T>, done: (value: T) => boolean): Promise<boolean> {
  const started = performance.now();
  while (!done(await read())) {
    if (performance.now() - started > limitMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

describe("caches in one process", () => {
  it("shows an administrator's product change to the next request", async () => {
    const practice = (await signInPractice(t.app)).access_token;
    const added = await post("/api/product/add", admin, PRODUCT_FORM);
    expect(added.statusCode).toBe(200);
    const id = added.json().data.id;
    expect((await listed(practice, id)).name).toBe(PRODUCT_FORM.name);
    const form = { ...PRODUCT_FORM, id, name: "Rabbit Care Basics (revised)" };
    expect((await post("/api/product/update", admin, form)).statusCode).toBe(200);
    expect((await listed(practice, id)).name).toBe(form.name);
    expect((await post("/api/product/query", practice, { id })).json().data.name).toBe(form.name);
    expect((await post("/api/product/update", admin, { ...form, is_active: false })).statusCode).toBe(200);
    expect(await listed(practice, id)).toBeUndefined();
  });

  it("shows the stock an order took to the next request", async () => {
    const practice = (await signInPractice(t.app)).access_token;
    const items = (await post("/api/product/list", practice)).json().data;
    const product = items.find(
      (p: { is_in_inventory: boolean; actual_inventory: number; min_quantity: number }) =>
        p.is_in_inventory && p.actual_inventory > p.min_quantity,
    );
    const order = await post(
      "/api/order/add",
      practice,
      orderBody([{ id: product.id, quantity: product.min_quantity }]),
    );
    expect(order.statusCode).toBe(200);
    expect((await listed(practice, product.id)).actual_inventory).toBe(product.actual_inventory - product.min_quantity);
  });

  it("ends a session at sign-out, and an inactivated user's sessions at once", async () => {
    const own = await signInPractice(t.app);
    const other = (await signInPractice(t.app)).access_token;
    expect((await post("/api/product/list", own.access_token)).statusCode).toBe(200);
    expect((await post("/api/auth/logout", own.access_token)).statusCode).toBe(200);
    expect((await post("/api/product/list", own.access_token)).statusCode).toBe(401);

    expect((await post("/api/product/list", other)).statusCode).toBe(200);
    const userId = own.profile.user_id;
    expect((await post("/api/user/update", admin, { id: userId, is_active: 0 })).statusCode).toBe(200);
    try {
      expect((await post("/api/product/list", other)).statusCode).toBe(401);
    } finally {
      await post("/api/user/update", admin, { id: userId, is_active: 1 });
    }
  });

  it("sees a change made behind its back within CACHE_MAX_STALE_MS", async () => {
    const practice = (await signInPractice(t.app)).access_token;
    const [product] = (await post("/api/product/list", practice)).json().data;
    await t.db.update(products).set({ name: "Renamed Elsewhere" }).where(eq(products.id, product.id));
    const renamed = await seenWithin(
      10 * STALE_MS,
      () => listed(practice, product.id),
      (p) => p.name === "Renamed Elsewhere",
    );
    expect(renamed).toBe(true);
    await t.db.update(products).set({ actual_inventory: 4321 }).where(eq(products.id, product.id));
    const restocked = await seenWithin(
      10 * STALE_MS,
      () => listed(practice, product.id),
      (p) => p.actual_inventory === 4321,
    );
    expect(restocked).toBe(true);
  });
});
