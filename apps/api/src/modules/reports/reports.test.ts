import { MESSAGES } from "@vetportal/contract";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, signInAdmin, signInPractice } from "../../../test/helpers.ts";
import {
  cost_centers,
  inventory_transactions,
  order_products,
  orders,
  product_price_ranges,
  products,
  report_exports,
  users,
} from "../../db/schema/index.ts";

/**
 * A small data set in March 2020, before any demo order, whose every figure is computed by hand
 * below. Times are portal time (America/Los_Angeles: PST until 8 March 2020, PDT after).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
let practice: string;
const P1 = 989_501;
const P2 = 989_502;
const EVIL = '=HYPERLINK("http://evil.example","click")';
const ids = { zoe: 0, yan: 0, cc: 0, o1: 0, o2: 0, o3: 0, o4: 0 };
const MARCH = { date_from: "2020-03-01", date_to: "2020-03-31" };

type Line = { product: number; quantity: number; unit: number; pick?: number; cancelled?: number };
type Amounts = { items: number; pick: number; ship: number; proc: number; tax: number };

async function addOrder(o: {
  user: number;
  department: number;
  costCenter?: number;
  status: number;
  at: string;
  shipped?: string;
  po?: string;
  amounts: Amounts;
  lines: Line[];
}) {
  const a = o.amounts;
  const [row] = await t.db
    .insert(orders)
    .values({
      customer_id: 1850,
      user_id: o.user,
      department_id: o.department,
      cost_center_id: o.costCenter ?? null,
      order_status_id: o.status,
      delivery_method_id: 1,
      po_number: o.po ?? null,
      contact_name: "Report Tester",
      contact_phone: "555-555-0100",
      email: "tester@reports.test",
      ship_name: "Tester Clinic",
      ship_line1: "1 Test Way",
      ship_city: "Testville",
      ship_state: "CA",
      ship_zip_code: "94105",
      total_items_amount: a.items,
      pick_fee_amount: a.pick,
      shipping_amount: a.ship,
      processing_amount: a.proc,
      tax_amount: a.tax,
      total_order_amount: a.items + a.pick + a.ship + a.proc + a.tax,
      date_shipped: o.shipped ? new Date(o.shipped) : null,
      created: new Date(o.at),
    })
    .returning({ id: orders.id });
  const id = row?.id ?? 0;
  await t.db.insert(order_products).values(
    o.lines.map((l) => ({
      order_id: id,
      product_id: l.product,
      product_name: l.product === P1 ? "Zeta Test Brochure" : EVIL,
      quantity: l.quantity,
      cancelled_quantity: l.cancelled ?? 0,
      unit_price_cents: l.unit,
      total_price_cents: l.unit * l.quantity,
      pick_fee_cents: (l.pick ?? 0) * l.quantity,
      created: new Date(o.at),
    })),
  );
  return id;
}

const balances = new Map<number, number>();
async function move(product: number, action: string, quantity: number, at: string, orderId?: number) {
  const ending = (balances.get(product) ?? 0) + quantity;
  balances.set(product, ending);
  await t.db.insert(inventory_transactions).values({
    product_id: product,
    action: action as "sale",
    quantity,
    ending_inventory: ending,
    palettes: action === "replenish" ? 2 : null,
    order_id: orderId ?? null,
    comment: action === "adjust" ? "Count correction" : null,
    created: new Date(at),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t.app)).access_token;
  practice = (await signInPractice(t.app)).access_token;

  await t.db.insert(products).values([
    { id: P1, customer_id: 1850, product_category_id: 2103, name: "Zeta Test Brochure", customer_sku: "ZT-1" },
    { id: P2, customer_id: 1850, product_category_id: 2103, name: EVIL, customer_sku: "ZT-2" },
  ]);
  await t.db.insert(product_price_ranges).values([
    { product_id: P1, min_quantity: 1, max_quantity: null, price_cents: 300 },
    { product_id: P2, min_quantity: 1, max_quantity: null, price_cents: 1000 },
  ]);
  const people = await t.db
    .insert(users)
    .values([
      { customer_id: 1850, first_name: "Zoe", last_name: "Tester", email: "zoe@reports.test", department_id: 1 },
      { customer_id: 1850, first_name: "Yan", last_name: "Tester", email: "yan@reports.test", department_id: 2 },
    ])
    .returning({ id: users.id });
  ids.zoe = people[0]?.id ?? 0;
  ids.yan = people[1]?.id ?? 0;
  ids.cc = (await t.db.select({ id: cost_centers.id }).from(cost_centers).limit(1))[0]?.id ?? 0;

  await move(P1, "replenish", 100, "2020-02-15T17:00:00Z");
  await move(P2, "replenish", 20, "2020-02-15T17:00:00Z");
  // 29 Feb 23:55 PST = 1 Mar 07:55 UTC: still February in the portal, outside the range.
  const o6 = await addOrder({
    user: ids.zoe,
    department: 1,
    status: 5,
    at: "2020-03-01T07:55:00Z",
    amounts: { items: 300, pick: 0, ship: 100, proc: 150, tax: 22 },
    lines: [{ product: P1, quantity: 1, unit: 300 }],
  });
  await move(P1, "sale", -1, "2020-03-01T07:55:00Z", o6);
  // 1 Mar 00:05 PST: the first minutes of the range.
  ids.o1 = await addOrder({
    user: ids.zoe,
    department: 1,
    costCenter: ids.cc,
    status: 5,
    at: "2020-03-01T08:05:00Z",
    shipped: "2020-03-05T18:00:00Z",
    po: "PO-ALPHA",
    amounts: { items: 5000, pick: 50, ship: 1000, proc: 150, tax: 366 },
    lines: [
      { product: P1, quantity: 10, unit: 300, pick: 5 },
      { product: P2, quantity: 2, unit: 1000 },
    ],
  });
  await move(P1, "sale", -10, "2020-03-01T08:05:00Z", ids.o1);
  await move(P2, "sale", -2, "2020-03-01T08:05:00Z", ids.o1);
  await move(P1, "adjust", -3, "2020-03-10T18:00:00Z");
  await move(P1, "adjust", 2, "2020-03-11T18:00:00Z");
  ids.o2 = await addOrder({
    user: ids.yan,
    department: 2,
    status: 1,
    at: "2020-03-15T19:00:00Z",
    amounts: { items: 1200, pick: 20, ship: 500, proc: 150, tax: 88 },
    lines: [{ product: P1, quantity: 4, unit: 300, pick: 5 }],
  });
  await move(P1, "sale", -4, "2020-03-15T19:00:00Z", ids.o2);
  await move(P1, "replenish", 50, "2020-03-20T16:00:00Z");
  // Fully cancelled: invoices nothing, sells nothing.
  ids.o4 = await addOrder({
    user: ids.yan,
    department: 2,
    status: 2,
    at: "2020-03-20T20:00:00Z",
    amounts: { items: 0, pick: 0, ship: 0, proc: 0, tax: 0 },
    lines: [{ product: P2, quantity: 1, unit: 1000, cancelled: 1 }],
  });
  await move(P2, "sale", -1, "2020-03-20T20:00:00Z", ids.o4);
  await move(P2, "cancel", 1, "2020-03-20T21:00:00Z", ids.o4);
  await move(P1, "destroy", -5, "2020-03-25T18:00:00Z");
  // 31 Mar 23:30 PDT = 1 Apr 06:30 UTC: the last minutes of the range. Partly cancelled (the P1 line).
  ids.o3 = await addOrder({
    user: ids.zoe,
    department: 1,
    status: 5,
    at: "2020-04-01T06:30:00Z",
    shipped: "2020-04-02T18:00:00Z",
    amounts: { items: 3000, pick: 0, ship: 800, proc: 150, tax: 218 },
    lines: [
      { product: P1, quantity: 6, unit: 300, pick: 5, cancelled: 6 },
      { product: P2, quantity: 3, unit: 1000 },
    ],
  });
  await move(P1, "sale", -6, "2020-04-01T06:30:00Z", ids.o3);
  await move(P2, "sale", -3, "2020-04-01T06:30:00Z", ids.o3);
  await move(P1, "cancel", 6, "2020-04-01T06:45:00Z", ids.o3);
  // 1 Apr 00:10 PDT: outside the range.
  const o5 = await addOrder({
    user: ids.zoe,
    department: 1,
    status: 1,
    at: "2020-04-01T07:10:00Z",
    amounts: { items: 300, pick: 5, ship: 100, proc: 150, tax: 22 },
    lines: [{ product: P1, quantity: 1, unit: 300, pick: 5 }],
  });
  await move(P1, "sale", -1, "2020-04-01T07:10:00Z", o5);
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token = admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });
const report = async (filter: Record<string, unknown>) => {
  const res = await post("/api/report/orderFrontEnd", { ...MARCH, ...filter });
  expect(res.statusCode, res.body).toBe(200);
  // Without a replica the figures are the primary's, as of now (docs/decisions/025).
  const { freshness, ...data } = res.json().data;
  expect(freshness).toEqual({ as_of: expect.any(String), replica_lag_seconds: null });
  return { ...res.json(), data } as {
    data: { rows: Record<string, unknown>[]; totals: Record<string, number> };
    found_rows: number;
  };
};

describe("POST /api/report/orderFrontEnd", () => {
  it("order summary: every order of the portal-time days, newest first, invoiced amounts and totals", async () => {
    const { data, found_rows } = await report({ search_by: 1 });
    expect(found_rows).toBe(4);
    expect(data.rows.map((r) => r.id)).toEqual([ids.o3, ids.o4, ids.o2, ids.o1]);
    expect(data.rows[3]).toMatchObject({
      order_status_name: "Shipped",
      customer_name: "Zoe Tester",
      user_name: "Zoe Tester",
      department_name: "Companion Animal Marketing",
      po_number: "PO-ALPHA",
      total_items_amount: 5000,
      total_order_amount: 6566,
    });
    expect(data.rows[1]).toMatchObject({ order_status_name: "Cancelled", total_order_amount: 0 });
    expect(data.totals).toEqual({
      orders: 4,
      total_items_amount: 9200,
      pick_fee_amount: 70,
      tax_amount: 672,
      shipping_amount: 2300,
      processing_amount: 450,
      total_order_amount: 12692,
    });
  });

  it("pages with the full count and totals on every page, and an empty page past the end", async () => {
    const second = await report({ search_by: 1, limit: 2, offset: 2 });
    expect(second.data.rows.map((r) => r.id)).toEqual([ids.o2, ids.o1]);
    expect(second.found_rows).toBe(4);
    expect(second.data.totals.total_order_amount).toBe(12692);
    const past = await report({ search_by: 2, limit: 25, offset: 25 });
    expect(past.data.rows).toEqual([]);
    expect(past.found_rows).toBe(2);
    expect(past.data.totals.subtotal).toBe(12242);
  });

  it("filters by status, department, cost center, user, PO number, keyword and shipping date", async () => {
    const ids_ = async (filter: Record<string, unknown>) => (await report(filter)).data.rows.map((r) => r.id);
    expect(await ids_({ order_status_id: 1 })).toEqual([ids.o2]);
    expect(await ids_({ department_id: 1 })).toEqual([ids.o3, ids.o1]);
    expect(await ids_({ cost_center_id: ids.cc })).toEqual([ids.o1]);
    expect(await ids_({ user_id: ids.yan })).toEqual([ids.o4, ids.o2]);
    expect(await ids_({ user_text: "zoe@reports" })).toEqual([ids.o3, ids.o1]);
    expect(await ids_({ po_number: "alpha" })).toEqual([ids.o1]);
    expect(await ids_({ keyword_search: String(ids.o2) })).toEqual([ids.o2]);
    expect(await ids_({ keyword_search: "hyperlink" })).toEqual([ids.o3, ids.o4, ids.o1]);
    expect(await ids_({ date_by: "shipped" })).toEqual([ids.o1]);
    // LIKE wildcards typed by the user are taken literally.
    expect(await ids_({ po_number: "%" })).toEqual([]);
  });

  it("adds the optional columns that were asked for, and only those", async () => {
    const { data } = await report({ search_by: 1, ship_to: 1, email: true, limit: 1 });
    expect(data.rows[0]).toMatchObject({
      ship_to: "Tester Clinic, 1 Test Way, Testville, CA 94105",
      email: "tester@reports.test",
    });
    expect(data.rows[0]).not.toHaveProperty("tracking_number");
  });

  it("product summary: packs not cancelled, with each line's share of shipping and tax", async () => {
    const { data, found_rows } = await report({ search_by: 2 });
    expect(found_rows).toBe(2);
    expect(data.rows).toEqual([
      {
        product_id: P2,
        product_name: EVIL,
        customer_sku: "ZT-2",
        quantity: 5,
        total_price: 5000,
        shipping_cost: 1200,
        tax_amount: 363,
        pick_fee: 0,
        subtotal: 6563,
      },
      {
        product_id: P1,
        product_name: "Zeta Test Brochure",
        customer_sku: "ZT-1",
        quantity: 14,
        total_price: 4200,
        shipping_cost: 1100,
        tax_amount: 309,
        pick_fee: 70,
        subtotal: 5679,
      },
    ]);
    expect(data.totals).toEqual({
      quantity: 19,
      total_price: 9200,
      shipping_cost: 2300,
      tax_amount: 672,
      pick_fee: 70,
      subtotal: 12242,
    });
    const east = await report({ search_by: 2, department_id: 2 });
    expect(east.data.rows).toEqual([expect.objectContaining({ product_id: P1, quantity: 4, total_price: 1200 })]);
  });

  it("answers the same from the daily rollup as from the lines themselves", async () => {
    // payment_method_id 1 matches every order here but is an order-level filter: the raw path.
    for (const search_by of [2, 4]) {
      const rollup = await report({ search_by });
      const raw = await report({ search_by, payment_method_id: 1 });
      expect(raw.data).toEqual(rollup.data);
      expect(raw.found_rows).toBe(rollup.found_rows);
    }
  });

  it("keeps the rollup exact when lines and orders change", async () => {
    const before = await report({ search_by: 2, keyword_search: "Zeta" });
    await t.db.update(order_products).set({ cancelled_quantity: 4 }).where(eq(order_products.order_id, ids.o2));
    const after = await report({ search_by: 2, keyword_search: "Zeta" });
    expect(after.data.totals.quantity).toBe((before.data.totals.quantity ?? 0) - 4);
    expect(after.data).toEqual((await report({ search_by: 2, keyword_search: "Zeta", payment_method_id: 1 })).data);
    await t.db.update(order_products).set({ cancelled_quantity: 0 }).where(eq(order_products.order_id, ids.o2));
    expect((await report({ search_by: 2, keyword_search: "Zeta" })).data).toEqual(before.data);
  });

  it("user summary: each ordering user's orders and invoiced amounts", async () => {
    const { data } = await report({ search_by: 3, email: 1 });
    expect(data.rows).toEqual([
      expect.objectContaining({
        user_id: ids.yan,
        user_name: "Yan Tester",
        department_name: "Veterinary Sales East",
        orders: 2,
        total_price: 1200,
        subtotal: 1958,
        email: "yan@reports.test",
      }),
      expect.objectContaining({
        user_id: ids.zoe,
        orders: 2,
        total_price: 8000,
        pick_fee: 50,
        shipping_cost: 1800,
        tax_amount: 584,
        processing_amount: 300,
        subtotal: 10734,
      }),
    ]);
    expect(data.totals).toMatchObject({ orders: 4, subtotal: 12692 });
  });

  it("item summary: one row per line with packs not cancelled", async () => {
    const { data, found_rows } = await report({ search_by: 4 });
    expect(found_rows).toBe(4);
    expect(data.rows.map((r) => [r.order_id, r.product_id, r.quantity, r.total_price])).toEqual([
      [ids.o3, P2, 3, 3000],
      [ids.o2, P1, 4, 1200],
      [ids.o1, P2, 2, 2000],
      [ids.o1, P1, 10, 3000],
    ]);
    expect(data.totals).toEqual({ quantity: 19, total_price: 9200 });
  });

  it("inventory summary: the ledger before, during and after the period", async () => {
    const { data, found_rows } = await report({ search_by: 5, keyword_search: "ZT-" });
    expect(found_rows).toBe(2);
    expect(data.rows).toEqual([
      {
        product_id: P2,
        name: EVIL,
        customer_sku: "ZT-2",
        start_inventory: 20,
        replenished: 0,
        removed: 0,
        sold: 6,
        canceled: 1,
        ending_inventory: 15,
      },
      {
        product_id: P1,
        name: "Zeta Test Brochure",
        customer_sku: "ZT-1",
        start_inventory: 99,
        replenished: 52,
        removed: 8,
        sold: 20,
        canceled: 6,
        ending_inventory: 129,
      },
    ]);
    expect(data.totals).toEqual({
      start_inventory: 119,
      replenished: 52,
      removed: 8,
      sold: 26,
      canceled: 7,
      ending_inventory: 144,
    });
    // The ledger's own balance agrees with the summary.
    const [last] = await t.db
      .select({ ending: inventory_transactions.ending_inventory })
      .from(inventory_transactions)
      .where(
        and(eq(inventory_transactions.product_id, P1), sql`${inventory_transactions.created} < '2020-04-01T07:00:00Z'`),
      )
      .orderBy(sql`${inventory_transactions.created} desc`)
      .limit(1);
    expect(last?.ending).toBe(129);
  });

  it("refuses an end date before the start date with the spec's message, and bad input field by field", async () => {
    const res = await post("/api/report/orderFrontEnd", { date_from: "2020-03-31", date_to: "2020-03-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ date_to: MESSAGES.dateRange });
    const bad = await post("/api/report/orderFrontEnd", { date_from: "2020-02-30", date_to: "x", search_by: 9 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields).sort()).toEqual(["date_from", "date_to", "search_by"]);
  });

  it("is for administrators only", async () => {
    expect((await post("/api/report/orderFrontEnd", MARCH, practice)).statusCode).toBe(403);
    expect((await post("/api/report/inventoryFrontEnd", { date_to: "2020-03-31" }, practice)).statusCode).toBe(403);
    expect((await post("/api/report/export", { report: "order", filter: MARCH }, practice)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/report/filters" })).statusCode).toBe(401);
  });
});

describe("drill-downs", () => {
  it("product detail: the lines behind the product summary row, 50 a page", async () => {
    const res = await post("/api/order/listOrderProducts", { ...MARCH, product_id: P1 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.found_rows).toBe(2);
    expect(body.data.product_name).toBe("Zeta Test Brochure");
    expect(body.data.rows.map((r: { order_id: number; quantity: number }) => [r.order_id, r.quantity])).toEqual([
      [ids.o2, 4],
      [ids.o1, 10],
    ]);
    expect(body.data.totals).toEqual({ quantity: 14, total_price: 4200 });
    expect((await post("/api/order/listOrderProducts", { ...MARCH, product_id: 1 })).statusCode).toBe(404);
  });

  it("inventory detail: the product's ledger rows in the period, newest first", async () => {
    const res = await post("/api/report/inventoryDetails", { ...MARCH, product_id: P1, limit: 3 });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.found_rows).toBe(8);
    expect(body.data.rows.map((r: { action: string; quantity: number; ending_inventory: number }) => r)).toEqual([
      expect.objectContaining({ action: "cancel", quantity: 6, ending_inventory: 129, order_id: ids.o3 }),
      expect.objectContaining({ action: "sale", quantity: -6, ending_inventory: 123 }),
      expect.objectContaining({ action: "destroy", quantity: -5, ending_inventory: 129 }),
    ]);
  });
});

describe("POST /api/report/inventoryFrontEnd", () => {
  it("gives stock as of the day, last fill and sale, value, twelve months of fills and sales, and an export code", async () => {
    const res = await post("/api/report/inventoryFrontEnd", {
      date_to: "2020-03-31",
      status: "BOTH",
      product_category_id: [2103],
      customer_sku: 1,
      id: P1,
    });
    expect(res.statusCode).toBe(200);
    const { rows, export_code } = res.json().data;
    expect(export_code).toMatch(/^[\w-]{20,}$/);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      product_id: P1,
      customer_sku: "ZT-1",
      quantity: 129,
      palettes: 2,
      last_fill_date: "2020-03-20T16:00:00.000Z",
      last_sold_date: "2020-04-01T06:30:00.000Z",
      unit_price: 300,
      value: 38700,
    });
    expect(row.months).toHaveLength(12);
    expect(row.months[0].month).toBe("2019-04");
    expect(row.months.slice(-2)).toEqual([
      { month: "2020-02", fill: 100, sales: 1 },
      { month: "2020-03", fill: 50, sales: 20 },
    ]);
    const inactive = await post("/api/report/inventoryFrontEnd", { date_to: "2020-03-31", status: "INACTIVE", id: P1 });
    expect(inactive.json().data.rows).toEqual([]);
  });
});

describe("CSV exports", () => {
  const download = async (filter: Record<string, unknown>) => {
    const made = await post("/api/report/export", { report: "order", filter: { ...MARCH, ...filter } });
    expect(made.statusCode, made.body).toBe(200);
    const { url, file_name } = made.json().data;
    const res = await t.app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${file_name}"`);
    return { file_name, lines: res.body.trimEnd().split("\n") };
  };

  it("exports every order of the view, not just the page, with dollars and portal times", async () => {
    const { file_name, lines } = await download({ search_by: 1, ship_to: 1 });
    expect(file_name).toBe("orders_2020-03-01_2020-03-31.csv");
    expect(lines[0]).toBe(
      "Order ID,Status,Created (PT),Practice,User,Placed by,Department,Cost Center,PO Number,Items,Pick Fees,Tax,Shipping,Processing,Total,Ship To",
    );
    expect(lines).toHaveLength(5);
    expect(lines[4]).toMatch(
      new RegExp(
        `^${ids.o1},Shipped,2020-03-01 00:05,Zoe Tester,Zoe Tester,,Companion Animal Marketing,[^,]+,PO-ALPHA,50.00,0.50,3.66,10.00,1.50,65.66,"Tester Clinic, 1 Test Way, Testville, CA 94105"$`,
      ),
    );
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const { file_name, lines } = await download({ search_by: 2 });
    expect(file_name).toBe("products_sold_2020-03-01_2020-03-31.csv");
    expect(lines[1]).toBe(`${P2},"'=HYPERLINK(""http://evil.example"",""click"")",ZT-2,5,50.00,12.00,3.63,0.00,65.63`);
  });

  it("names each view's file after it", async () => {
    expect((await download({ search_by: 3 })).file_name).toBe("user_2020-03-01_2020-03-31.csv");
    expect((await download({ search_by: 4 })).lines).toHaveLength(5);
    const inventory = await download({ search_by: 5, keyword_search: "ZT-" });
    expect(inventory.file_name).toBe("inventory_2020-03-01_2020-03-31.csv");
    expect(inventory.lines[2]).toBe(`${P1},Zeta Test Brochure,ZT-1,99,52,8,20,6,129`);
  });

  it("exports the item view's lines newest first, with portal times, names and dollars", async () => {
    const line = async (orderId: number, productId: number) =>
      (
        await t.db
          .select({ id: order_products.id })
          .from(order_products)
          .where(and(eq(order_products.order_id, orderId), eq(order_products.product_id, productId)))
      )[0]?.id;
    const evil = `"'=HYPERLINK(""http://evil.example"",""click"")"`;
    expect((await download({ search_by: 4 })).lines).toEqual([
      "Order ID,Line ID,Created (PT),Department,User,Product,Quantity,Total Price",
      `${ids.o3},${await line(ids.o3, P2)},2020-03-31 23:30,Companion Animal Marketing,Zoe Tester,${evil},3,30.00`,
      `${ids.o2},${await line(ids.o2, P1)},2020-03-15 12:00,Veterinary Sales East,Yan Tester,Zeta Test Brochure,4,12.00`,
      `${ids.o1},${await line(ids.o1, P2)},2020-03-01 00:05,Companion Animal Marketing,Zoe Tester,${evil},2,20.00`,
      `${ids.o1},${await line(ids.o1, P1)},2020-03-01 00:05,Companion Animal Marketing,Zoe Tester,Zeta Test Brochure,10,30.00`,
    ]);
  });

  it("exports the inventory tab from its export code", async () => {
    const res = await post("/api/report/inventoryFrontEnd", { date_to: "2020-03-31", id: P1 });
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/report/download?code=${res.json().data.export_code}`,
    });
    expect(csv.headers["content-disposition"]).toBe('attachment; filename="inventory_report_2020-03-31.csv"');
    expect(csv.body.trimEnd().split("\n")).toEqual([
      "Product ID,Category,Product,Quantity,Pallets,Active,Last Fill Date,Last Sold Date,Unit Price,Value,Low Inventory Amount",
      expect.stringMatching(
        new RegExp(`^${P1},[^,]+,Zeta Test Brochure,129,2,Yes,2020-03-20 09:00,2020-03-31 23:30,3.00,387.00,0$`),
      ),
    ]);
  });

  it("refuses an unknown or expired code, and a bad export request", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/report/download?code=not-a-real-code" })).statusCode).toBe(
      404,
    );
    const made = (await post("/api/report/export", { report: "order", filter: MARCH })).json().data;
    await t.db.update(report_exports).set({ expires_at: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ method: "GET", url: made.url })).statusCode).toBe(404);
    const bad = await post("/api/report/export", {
      report: "order",
      filter: { date_from: "2020-03-02", date_to: "2020-03-01" },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: "GET", url: "/api/report/download" })).statusCode).toBe(400);
  });
});

describe("POST /api/report/filters", () => {
  it("lists departments and cost centers with ALL (0) first", async () => {
    const res = await post("/api/report/filters", {});
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.departments[0]).toEqual({ id: 0, name: "ALL" });
    expect(data.cost_centers[0]).toEqual({ id: 0, name: "ALL" });
    expect(data.departments.map((d: { name: string }) => d.name)).toContain("Companion Animal Marketing");
    expect(data.order_statuses).toContainEqual({ id: 2, name: "Cancelled" });
  });
});
