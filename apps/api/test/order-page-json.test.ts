import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema/index.ts";
import { findOrderPage } from "../src/modules/orders/order-page.repository.ts";
import { createTestApp } from "./helpers.ts";

/*
 * An order page comes from the database as one JSON value (decision 038): the order row inside it
 * must be the row the driver gives, column for column (its timestamps made Dates again). A column
 * JSON carries differently (a bigint, a numeric, a timestamp left as text) fails here. Both drivers.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("an order page's row", () => {
  it("is the driver's row of the order, for every demo order of several kinds", async () => {
    const rows = await t.db.select().from(orders).orderBy(desc(orders.id)).limit(40);
    expect(rows.length).toBeGreaterThan(10);
    // Shipped and approved orders carry the optional timestamps too.
    expect(rows.some((r) => r.date_shipped !== null)).toBe(true);
    for (const row of rows) {
      const page = await findOrderPage(t.db, row.id, { customerId: row.customer_id });
      expect(page?.order).toEqual(row);
    }
    const [first] = rows;
    if (!first) throw new Error("no demo order");
    // Another customer's reader gets nothing.
    expect(await findOrderPage(t.db, first.id, { customerId: first.customer_id + 1 })).toBeUndefined();
  });
});
