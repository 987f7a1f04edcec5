import { randomUUID } from "node:crypto";
import { CATEGORY } from "@vetportal/contract";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products } from "../src/db/schema/index.ts";
import { bearer, createTestApp, NY_PRACTICE, signInPractice } from "./helpers.ts";
import { orderBody } from "./support/fixtures.ts";
import { watchStatements } from "./support/statements.ts";

/*
 * An order's read is one statement built once per shape (an address asked for or not, the
 * catalogue scope's shape), every value bound to a placeholder (decision 038, db/prepared.ts
 * preparedByShape). Two practices of one shape in turn must each get their own address, their own
 * catalogue scope (New York's categories) and their own programme reads: a value built into the
 * statement would ship the second practice's order to the first's address, or let it order what it
 * may not see. Both drivers.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let happyPaws: string;
let hudson: string;
beforeAll(async () => {
  t = await createTestApp();
  happyPaws = (await signInPractice(t.app)).access_token;
  hudson = (await signInPractice(t.app, NY_PRACTICE)).access_token;
});
afterAll(() => t.close());

const post = (token: string, url: string, payload: unknown) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

/** An active product of the category the demo data keeps in stock, with its minimum. */
async function productOf(category: number) {
  const [row] = await t.db
    .select({ id: products.id, quantity: products.min_quantity })
    .from(products)
    .where(and(eq(products.product_category_id, category), eq(products.is_active, true)))
    .orderBy(asc(products.id))
    .limit(1);
  if (!row) throw new Error(`no active product in category ${category}`);
  return row;
}

/** Places an order of the product and answers its status, its read's text and its page. */
async function order(token: string, product: { id: number; quantity: number }) {
  const watch = watchStatements(t.database);
  let read: string | undefined;
  try {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/add",
      payload: orderBody([product]),
      headers: { ...bearer(token), "idempotency-key": randomUUID() },
    });
    read = watch.own().find((text) => text.includes("'order_id', nextval('orders_id_seq')"));
    if (res.statusCode !== 200) return { status: res.statusCode, read, error: res.json().error };
    const page = (await post(token, "/api/order/query", { id: res.json().data })).json().data;
    return { status: res.statusCode, read, page };
  } finally {
    watch.stop();
  }
}

describe("an order's read prepared once per shape", () => {
  it("gives two practices of one shape their own address, catalogue scope and orderer", async () => {
    const outsideNy = await productOf(CATEGORY.NON_NY);
    const nyOnly = await productOf(CATEGORY.NY_ONLY);

    const first = await order(happyPaws, outsideNy);
    const second = await order(hudson, nyOnly);
    expect([first.status, second.status]).toEqual([200, 200]);
    // The same statement served both: the test is of one shape's values.
    expect(first.read).toBeDefined();
    expect(second.read).toBe(first.read);
    expect(first.page.shipping_address.line1).toBe("120 Market Street");
    expect(second.page.shipping_address.line1).toBe("45 River Road");
    expect(first.page.order_products.map((l: { product_id: number }) => l.product_id)).toEqual([outsideNy.id]);
    expect(second.page.order_products.map((l: { product_id: number }) => l.product_id)).toEqual([nyOnly.id]);

    // Each practice's hidden categories are its own: neither may order what the other may.
    const crossed = [await order(hudson, outsideNy), await order(happyPaws, nyOnly)];
    for (const [i, refused] of crossed.entries()) {
      expect(refused.status).toBe(409);
      expect(refused.error.code).toBe("PRODUCT_UNAVAILABLE");
      expect(Object.keys(refused.error.fields)).toEqual([`items.${[outsideNy, nyOnly][i]?.id}`]);
    }
    expect(crossed.map((c) => c.read)).toEqual([first.read, first.read]);

    // And the first practice again: its own address still.
    const again = await order(happyPaws, outsideNy);
    expect(again.status).toBe(200);
    expect(again.page.shipping_address.line1).toBe("120 Market Street");
  });
});
