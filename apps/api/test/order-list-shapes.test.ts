import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, NY_PRACTICE, signInPractice } from "./helpers.ts";

/*
 * My Orders is one statement built once per shape of reader and filters, every value bound to a
 * placeholder (decision 038, db/prepared.ts preparedByShape). Each request of a shape must get its
 * own values: a value built into the statement would answer the next request of the shape with the
 * first one's orders, status or days. Both drivers.
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
