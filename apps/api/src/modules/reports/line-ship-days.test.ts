import { ORDER_STATUS } from "@vetportal/contract";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { approvedProof, orderBody, orderLinesOf, productMaker } from "../../../test/support/fixtures.ts";
import { orders } from "../../db/schema/index.ts";

/**
 * Reports count each line on the day it ships (issue 24 §5, decision 045): a split order's stocked
 * line and printed line, shipped on two days, are each in the item and product reports of their
 * own day; the order report still dates the order by its last shipment. The order is moved to 2019,
 * before any demo order, so the demo data is in none of these reports.
 */
const t = useSignedInApp();
const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const newProduct = productMaker(
  t,
  { id: 976_000, name: "Ship Day Brochure" },
  { max_quantity: 20, actual_inventory: 100 },
  [[1, null, 1000]],
);

const ship = (
  orderId: number,
  day: string,
  tracking: string,
  lines: { order_product_id: number; quantity: number }[],
) =>
  post("/api/fulfilment/ship", {
    order_id: orderId,
    shipped_on: day,
    packages: [{ carrier: "UPS", tracking_number: tracking }],
    lines,
  });

async function reportRows(search_by: number, date_from: string, date_to: string) {
  const res = await post("/api/report/orderFrontEnd", {
    search_by,
    date_from,
    date_to,
    date_by: "shipped",
    date_shipped: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.rows as Record<string, unknown>[];
}

/** A split order: its stocked line shipped on `first`, its printed line on `second`. */
async function splitOrder(first: string, second: string, tracking: string) {
  const stocked = await newProduct();
  const printed = await newProduct({ is_customizable: true, is_in_inventory: false, actual_inventory: 0 } as never);
  await approvedProof(t, t.practice, printed);
  const placed = await post(
    "/api/order/add",
    orderBody([
      { id: stocked, quantity: 2 },
      { id: printed, quantity: 3 },
    ]),
    t.practice,
  );
  expect(placed.statusCode, placed.body).toBe(200);
  const id = placed.json().data as number;
  // Placed in 2019 (a ship day is never before the order's), before any demo order.
  await t.db
    .update(orders)
    .set({ created: new Date("2019-06-01T19:00:00Z") })
    .where(eq(orders.id, id));
  const [s, p] = (await orderLinesOf(t.db, id)).map((l) => l.id) as [number, number];
  const shipped = await ship(id, first, `${tracking}1`, [{ order_product_id: s, quantity: 2 }]);
  expect(shipped.statusCode, shipped.body).toBe(200);
  const moved = await post("/api/fulfilment/lines/move", {
    order_id: id,
    order_product_ids: [p],
    production_status_id: ORDER_STATUS.PRINTING,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const last = await ship(id, second, `${tracking}2`, [{ order_product_id: p, quantity: 3 }]);
  expect(last.statusCode, last.body).toBe(200);
  expect(last.json().data.order_status).toBe(ORDER_STATUS.SHIPPED);
  return { id, stocked, printed, lines: { s, p } };
}

const shippedDay = (row: Record<string, unknown>) =>
  new Date(row.date_shipped as string).toLocaleDateString("en-CA", { timeZone: "America/Los_Angeles" });

describe("reports by ship day count each line on its own day", () => {
  it("item and product reports show each line of a split order on the day it shipped; the order report, on its last", async () => {
    const { id, stocked, printed, lines } = await splitOrder("2019-06-10", "2019-06-12", "1Z999AA1990610000");

    const first = await reportRows(4, "2019-06-10", "2019-06-10");
    expect(first.map((r) => [r.order_product_id, r.quantity, shippedDay(r)])).toEqual([[lines.s, 2, "2019-06-10"]]);
    const second = await reportRows(4, "2019-06-12", "2019-06-12");
    expect(second.map((r) => [r.order_product_id, r.quantity, shippedDay(r)])).toEqual([[lines.p, 3, "2019-06-12"]]);
    const both = await reportRows(4, "2019-06-10", "2019-06-12");
    expect(both.map((r) => [r.order_product_id, shippedDay(r)]).sort()).toEqual(
      [
        [lines.s, "2019-06-10"],
        [lines.p, "2019-06-12"],
      ].sort(),
    );
    // Nothing shipped in between.
    expect(await reportRows(4, "2019-06-11", "2019-06-11")).toEqual([]);

    // The product summary of each day sums that day's packs (not the rollup: dated by shipping).
    expect((await reportRows(2, "2019-06-10", "2019-06-10")).map((r) => [r.product_id, r.quantity])).toEqual([
      [stocked, 2],
    ]);
    expect((await reportRows(2, "2019-06-12", "2019-06-12")).map((r) => [r.product_id, r.quantity])).toEqual([
      [printed, 3],
    ]);

    // The order report is about orders: the order shipped when its last line did.
    expect((await reportRows(1, "2019-06-10", "2019-06-10")).map((r) => r.id)).toEqual([]);
    expect((await reportRows(1, "2019-06-12", "2019-06-12")).map((r) => r.id)).toEqual([id]);
  });

  it("an order is Shipped on its latest line's day even when its last shipment is recorded with an earlier day", async () => {
    const { id, lines } = await splitOrder("2019-07-20", "2019-07-18", "1Z999AA1990720000");
    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.date_shipped?.toISOString().slice(0, 10)).toBe("2019-07-20");
    // Each line still counts on its own day.
    const rows = await reportRows(4, "2019-07-18", "2019-07-18");
    expect(rows.map((r) => [r.order_product_id, shippedDay(r)])).toEqual([[lines.p, "2019-07-18"]]);
    expect((await reportRows(4, "2019-07-20", "2019-07-20")).map((r) => r.order_product_id)).toEqual([lines.s]);
  });
});
