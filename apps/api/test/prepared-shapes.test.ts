import { randomUUID } from "node:crypto";
import { CATEGORY, PORTAL_TIME_ZONE } from "@vetportal/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "../src/db/schema/index.ts";
import { bearer, createTestApp, NY_PRACTICE, signInPractice } from "./helpers.ts";
import { orderBody } from "./support/fixtures.ts";
import { watchStatements } from "./support/statements.ts";

/*
 * Statements built once per shape, every value bound to a placeholder (decision 038, db/prepared.ts
 * preparedByShape): My Orders (the shape of reader and filters) and an order's read (an address
 * asked for or not, the catalogue scope's shape). Each request of a shape must get its own values:
 * a value built into the statement would answer the next request of the shape with the first one's
 * orders, status or days, ship its order to the first one's address, or let it order what it may
 * not see. Both drivers.
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

type Row = { id: number; order_status: number; created: string };
async function list(token: string, filter: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/order/list",
    payload: { limit: 100, ...filter },
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: Row[]; found_rows: number };
  return { ids: body.data.map((r) => r.id), rows: body.data, total: body.found_rows };
}

describe("My Orders prepared once per shape", () => {
  it("gives each practice its own orders from the same statement", async () => {
    const first = await list(happyPaws);
    const second = await list(hudson);
    const again = await list(happyPaws);
    expect(first.ids.length).toBeGreaterThan(0);
    expect(second.ids.length).toBeGreaterThan(0);
    expect(second.ids.filter((id) => first.ids.includes(id))).toEqual([]);
    expect(again).toEqual(first);
  });

  it("binds each request's status: two statuses in turn each list only their own", async () => {
    const all = await list(happyPaws);
    expect(all.total).toBe(all.ids.length); // the whole list fits one page
    const statuses = [...new Set(all.rows.map((r) => r.order_status))];
    expect(statuses.length).toBeGreaterThan(1);
    for (const status of statuses) {
      const some = await list(happyPaws, { order_status_id: status });
      const expected = all.rows.filter((r) => r.order_status === status).map((r) => r.id);
      expect(some.ids).toEqual(expected);
      expect(some.total).toBe(expected.length);
    }
  });

  it("binds each request's days: a range with no orders, then one with all of them", async () => {
    const all = await list(happyPaws);
    const none = await list(happyPaws, { date_from: "2001-01-01", date_to: "2001-12-31" });
    expect(none).toEqual({ ids: [], rows: [], total: 0 });
    const every = await list(happyPaws, { date_from: "2001-01-01", date_to: "2099-12-31" });
    expect(every.ids).toEqual(all.ids);
    expect(every.total).toBe(all.total);
    // The newest order's own day, from a shape with both ends: the orders of that day only.
    const newest = all.rows[0] as Row;
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: PORTAL_TIME_ZONE }).format(new Date(newest.created));
    const oneDay = await list(happyPaws, { date_from: day, date_to: day });
    expect(oneDay.ids).toContain(newest.id);
    expect(oneDay.ids.length).toBeLessThan(all.ids.length);
  });
});

/** A node of `EXPLAIN (ANALYZE, FORMAT JSON)`'s plan, as far as the test reads it. */
interface PlanNode {
  "Relation Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
}

/** The rows a plan's scans of `table` read: those they returned and those their filters threw away. */
function rowsRead(node: PlanNode, table: string): number {
  const own =
    node["Relation Name"] === table
      ? node["Actual Loops"] *
        (node["Actual Rows"] + (node["Rows Removed by Filter"] ?? 0) + (node["Rows Removed by Index Recheck"] ?? 0))
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + rowsRead(child, table), 0);
}

describe("My Orders planned for the reader's own orders", () => {
  it("reads a practice's page through its own orders, not past every other practice's", async () => {
    const watch = watchStatements(t.database);
    let mine: Awaited<ReturnType<typeof list>>;
    try {
      mine = await list(happyPaws, { limit: 25 });
    } finally {
      watch.stop();
    }
    const at = watch.texts.findIndex((text) => text.includes(" as rows"));
    const [text, values] = [watch.texts[at], watch.values[at]];
    expect(text).toBeDefined();
    // The shape's values are the customer, the user and the offset: numbers only.
    expect(values?.every((v) => typeof v === "number")).toBe(true);
    // After its fifth run on a connection, PostgreSQL runs a prepared statement with one plan for
    // every value (the generic plan): read that plan, with the request's values.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare my_orders_page as ${text}`));
      try {
        const result = await tx.execute(
          sql.raw(`explain (analyze, format json) execute my_orders_page(${values?.join(", ")})`),
        );
        const [row] = (result as unknown as { rows: { "QUERY PLAN": [{ Plan: PlanNode }] }[] }).rows;
        return row?.["QUERY PLAN"][0].Plan;
      } finally {
        await tx.execute(sql`deallocate my_orders_page`);
      }
    });
    expect(mine.total).toBeGreaterThan(20);
    expect(await t.db.$count(orders)).toBeGreaterThan(10 * mine.total);
    // Its count reads the practice's orders once and its page at most once more; a LIMIT bound to
    // a placeholder was planned as a walk of every order, newest first (836 read for 29).
    expect(rowsRead(plan as PlanNode, "orders")).toBeLessThanOrEqual(2 * mine.total);
  });

  it("cuts a page read at a larger size to the size asked for", async () => {
    const page = await list(happyPaws, { limit: 25 });
    const three = await list(happyPaws, { limit: 3, offset: 2 });
    expect(three.ids).toEqual(page.ids.slice(2, 5));
    expect(three.total).toBe(page.total);
    const hundredAndOne = await list(happyPaws, { limit: 101 });
    expect(hundredAndOne.ids).toEqual((await list(happyPaws, { limit: 1000 })).ids.slice(0, 101));
  });
});

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
