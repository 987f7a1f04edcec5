import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { cost_centers, departments, orders, users } from "../../db/schema/index.ts";

/**
 * The checkout's price (issue 11): POST /api/order/quote prices a cart with the code that prices a
 * placed order, says which quantity it would accept and why, and the order then placed carries the
 * quoted amounts, its PO number and its cost center.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

/** A product of its own: 1–50 packs, in stock, $12 a pack, $10 from 10, $7.50 from 25; 30 ¢ pick fee. */
const makeProduct = productMaker(
  t,
  { id: 995_000, name: "Quote Leaflet" },
  { package_quantity: 50, max_quantity: 50, actual_inventory: 500, pick_fee_cents: 30 },
  [
    [1, 9, 1200],
    [10, 24, 1000],
    [25, null, 750],
  ],
);

describe("POST /api/order/quote", () => {
  it("quotes exactly what the placed order then costs, for mixed products and price ranges", async () => {
    const tiered = await makeProduct();
    const untracked = await makeProduct({ is_in_inventory: false, pick_fee_cents: 0 }, [[1, null, 499]]);
    const bulk = await makeProduct({ pick_fee_cents: 15 });
    const items = [
      { id: tiered, quantity: 12 },
      { id: untracked, quantity: 3 },
      { id: bulk, quantity: 30 },
    ];
    const quoted = await post("/api/order/quote", { items });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json().data;
    // 12 × $10.00 (second tier), 3 × $4.99, 30 × $7.50 (third tier); pick 12 × 30 ¢ + 30 × 15 ¢.
    expect(quote.lines).toEqual([
      expect.objectContaining({
        id: tiered,
        quantity: 12,
        reason: null,
        unit_price_cents: 1000,
        total_price_cents: 12000,
        pick_fee_cents: 360,
      }),
      expect.objectContaining({
        id: untracked,
        quantity: 3,
        unit_price_cents: 499,
        total_price_cents: 1497,
        pick_fee_cents: 0,
      }),
      expect.objectContaining({
        id: bulk,
        quantity: 30,
        unit_price_cents: 750,
        total_price_cents: 22500,
        pick_fee_cents: 450,
      }),
    ]);
    const items_ = 12000 + 1497 + 22500;
    const pick = 360 + 450;
    const tax = Math.round(((items_ + pick) * 725) / 10_000);
    // A practice is offered UPS Ground only, so its shipping is quoted before one is chosen.
    expect(quote).toMatchObject({
      delivery_method_id: 1,
      total_items_amount: items_,
      pick_fee_amount: pick,
      shipping_amount: 1250,
      processing_amount: 150,
      tax_amount: tax,
      total_order_amount: items_ + pick + 1250 + 150 + tax,
    });

    const placed = await post("/api/order/add", orderBody(items));
    expect(placed.statusCode, placed.body).toBe(200);
    const receipt = (await post("/api/order/query", { id: placed.json().data })).json().data;
    expect(receipt.total_order_amount).toBe(quote.total_order_amount);
    expect({
      total_items_amount: receipt.total_items_amount,
      pick_fee_amount: receipt.pick_fee_amount,
      shipping_amount: receipt.shipping_amount,
      processing_amount: receipt.processing_amount,
      tax_amount: receipt.tax_amount,
    }).toEqual({
      total_items_amount: quote.total_items_amount,
      pick_fee_amount: quote.pick_fee_amount,
      shipping_amount: quote.shipping_amount,
      processing_amount: quote.processing_amount,
      tax_amount: quote.tax_amount,
    });
    expect(receipt.order_products.map((l: { unit_price_cents: number }) => l.unit_price_cents)).toEqual([
      1000, 499, 750,
    ]);
  });

  it("reports the quantity it would accept for each line, and why", async () => {
    const limited = await makeProduct({ min_quantity: 5, max_quantity: 20 });
    const listed = await makeProduct({ use_quantities_dropdown: true, quantity_list: "5, 10, 25" });
    const scarce = await makeProduct({ actual_inventory: 7 });
    const empty = await makeProduct({ actual_inventory: 2, min_quantity: 4 });
    const belowZeroOk = await makeProduct({ actual_inventory: 1, no_order_below_zero_inventory: false });
    const withdrawn = await makeProduct({ is_active: false });
    const res = await post("/api/order/quote", {
      items: [
        { id: limited, quantity: 2 },
        { id: listed, quantity: 7 },
        { id: scarce, quantity: 9 },
        { id: empty, quantity: 4 },
        { id: belowZeroOk, quantity: 3 },
        { id: withdrawn, quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const byId = Object.fromEntries(res.json().data.lines.map((l: { id: number }) => [l.id, l])) as Record<
      number,
      { quantity: number; reason: string | null; message: string | null; total_price_cents: number }
    >;
    expect(byId[limited]).toMatchObject({
      quantity: 5,
      reason: "below_min",
      message: "Raised to the minimum of 5 packs.",
    });
    expect(byId[listed]).toMatchObject({
      quantity: 10,
      reason: "not_offered",
      message: "Changed to 10 packs: this product comes in 5, 10 or 25 packs.",
    });
    expect(byId[scarce]).toMatchObject({
      quantity: 7,
      reason: "not_enough_stock",
      message: "Lowered to 7 packs: only 7 packs in stock.",
    });
    expect(byId[empty]).toMatchObject({ quantity: 0, reason: "not_enough_stock", total_price_cents: 0 });
    expect(byId[empty]?.message).toContain("only 2 packs left");
    expect(byId[belowZeroOk]).toMatchObject({ quantity: 3, reason: null, message: null });
    expect(byId[withdrawn]).toMatchObject({ quantity: 0, reason: "unavailable", total_price_cents: 0 });
    // Lines that cannot be ordered are not charged: items = 5 × $12 + 10 × $10 + 7 × $12 + 3 × $12.
    expect(res.json().data.total_items_amount).toBe(6000 + 10000 + 8400 + 3600);
  });

  it("rounds a fraction down and lowers a quantity above the maximum", async () => {
    const id = await makeProduct({ max_quantity: 8 });
    const fraction = (await post("/api/order/quote", { items: [{ id, quantity: 2.5 }] })).json().data.lines[0];
    expect(fraction).toMatchObject({
      requested_quantity: 2.5,
      quantity: 2,
      reason: "not_whole",
      message: "Rounded down to 2 packs: only whole packs can be ordered.",
    });
    const above = (await post("/api/order/quote", { items: [{ id, quantity: 80 }] })).json().data.lines[0];
    expect(above).toMatchObject({ quantity: 8, reason: "above_max", message: "Lowered to the maximum of 8 packs." });
  });

  it("refuses a quantity the product is not offered in when the order is placed", async () => {
    const id = await makeProduct({ use_quantities_dropdown: true, quantity_list: "5,10" });
    const res = await post("/api/order/add", orderBody([{ id, quantity: 7 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: "QUANTITY_NOT_OFFERED" });
    expect(res.json().error.fields[`items.${id}`]).toContain("comes in 5 or 10 packs");
    expect((await post("/api/order/add", orderBody([{ id, quantity: 10 }]))).statusCode).toBe(200);
  });

  it("leaves shipping out until an administrator with several methods chooses one", async () => {
    const id = await makeProduct();
    const open = (await post("/api/order/quote", { items: [{ id, quantity: 1 }] }, t.admin)).json().data;
    expect(open).toMatchObject({ delivery_method_id: null, shipping_amount: null });
    expect(open.total_order_amount).toBe(1200 + 30 + 150 + Math.round((1230 * 725) / 10_000));
    const methods = (await post("/api/customer/query", {}, t.admin)).json().data.delivery_methods as { id: number }[];
    const other = methods.find((m) => m.id !== 1)?.id as number;
    const [{ cents } = { cents: -1 }] = await queryRows<{ cents: number }>(
      t.db,
      sql`select shipping_cents as cents from delivery_methods where id = ${other}`,
    );
    const chosen = (
      await post("/api/order/quote", { items: [{ id, quantity: 1 }], delivery_method_id: other }, t.admin)
    ).json().data;
    expect(chosen).toMatchObject({ delivery_method_id: other, shipping_amount: cents });
    expect(chosen.total_order_amount).toBe(open.total_order_amount + cents);
  });

  it("refuses a delivery method the user may not choose, duplicates and a mixed destroy cart", async () => {
    const id = await makeProduct();
    const method = await post("/api/order/quote", { items: [{ id, quantity: 1 }], delivery_method_id: 43 });
    expect(method.statusCode).toBe(409);
    expect(method.json().error.code).toBe("DELIVERY_METHOD_NOT_ALLOWED");
    const twice = await post("/api/order/quote", {
      items: [
        { id, quantity: 1 },
        { id, quantity: 2 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const mixed = await post("/api/order/quote", {
      items: [
        { id, quantity: 1, is_destroy: true },
        { id: await makeProduct(), quantity: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(400);
    expect((await post("/api/order/quote", { items: [] })).statusCode).toBe(400);
    expect((await post("/api/order/quote", { items: [{ id, quantity: -1 }] })).statusCode).toBe(400);
  });

  it("quotes a product another practice may not see as unavailable, without its name", async () => {
    // 144518 is the New York programme: a California practice may not order it.
    const line = (await post("/api/order/quote", { items: [{ id: 144518, quantity: 1 }] })).json().data.lines[0];
    expect(line).toMatchObject({ id: 144518, quantity: 0, reason: "unavailable", product_name: "" });
  });
});

describe("PO number and cost center at checkout", () => {
  async function practiceDepartment() {
    const [row] = await t.db.select({ id: users.department_id }).from(users).where(eq(users.id, t.practiceUserId));
    return row?.id as number;
  }

  it("offers the cost centers of the user's department, and says when one is required", async () => {
    const customer = (await post("/api/customer/query", {})).json().data;
    // Happy Paws belongs to Veterinary Sales West, served by CC-200 Field Sales in the demo data.
    expect(customer.cost_centers.map((c: { name: string }) => c.name)).toEqual(["CC-200 Field Sales"]);
    expect(customer.cost_center_required).toBe(false);
  });

  it("stores the PO number and the cost center; the receipt and the order report show them", async () => {
    const id = await makeProduct();
    const cc = (await post("/api/customer/query", {})).json().data.cost_centers[0].id as number;
    const placed = await post(
      "/api/order/add",
      orderBody([{ id, quantity: 2 }], { po_number: "PO-CHK-7781", cost_center_id: cc }),
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data as number;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ po_number: "PO-CHK-7781", cost_center_id: cc });
    expect((await post("/api/order/query", { id: orderId })).json().data.po_number).toBe("PO-CHK-7781");

    const report = await post(
      "/api/report/orderFrontEnd",
      { date_from: "2020-01-01", date_to: "2099-12-31", cost_center_id: cc, po_number: "CHK-7781" },
      t.admin,
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.rows).toEqual([
      expect.objectContaining({ id: orderId, po_number: "PO-CHK-7781", cost_center_name: "CC-200 Field Sales" }),
    ]);
  });

  it("refuses a cost center of another department, storing nothing", async () => {
    const id = await makeProduct();
    const [foreign] = await t.db
      .select({ id: cost_centers.id })
      .from(cost_centers)
      .where(eq(cost_centers.name, "CC-400 Regional Programs"));
    const count = async () => (await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from orders`))[0]?.n;
    const before = await count();
    const res = await post("/api/order/add", orderBody([{ id, quantity: 1 }], { cost_center_id: foreign?.id }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ cost_center_id: "Choose one of your department's cost centers." });
    expect(await count()).toBe(before);
    const unknown = await post("/api/order/add", orderBody([{ id, quantity: 1 }], { cost_center_id: 2_000_000 }));
    expect(unknown.statusCode).toBe(400);
  });

  it("requires a cost center when the department says so, set on the department admin page", async () => {
    const id = await makeProduct();
    const department = await practiceDepartment();
    const current = (await post("/api/department/query", { id: department }, t.admin)).json().data;
    expect(current.cost_center_required).toBe(false);
    const updated = await post(
      "/api/department/update",
      {
        id: department,
        name: current.name,
        department_code: current.department_code ?? undefined,
        is_active: current.is_active,
        billing_reports: current.billing_reports,
        cost_center_required: true,
        cc_order_emails: current.cc_order_emails,
        user_list: current.user_list.map((u: { id: number }) => u.id),
      },
      t.admin,
    );
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await post("/api/department/query", { id: department }, t.admin)).json().data.cost_center_required).toBe(
      true,
    );
    expect((await post("/api/customer/query", {})).json().data.cost_center_required).toBe(true);

    const refused = await post("/api/order/add", orderBody([{ id, quantity: 1 }]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      cost_center_id: "Choose a cost center: your department requires one.",
    });
    const cc = (await post("/api/customer/query", {})).json().data.cost_centers[0].id as number;
    expect((await post("/api/order/add", orderBody([{ id, quantity: 1 }], { cost_center_id: cc }))).statusCode).toBe(
      200,
    );

    // A department that requires one but has none to choose from cannot comply: not required.
    await t.db.execute(sql`delete from cost_center_departments where department_id = ${department}`);
    expect((await post("/api/customer/query", {})).json().data).toMatchObject({
      cost_centers: [],
      cost_center_required: false,
    });
    expect((await post("/api/order/add", orderBody([{ id, quantity: 1 }]))).statusCode).toBe(200);
    await t.db.update(departments).set({ cost_center_required: false }).where(eq(departments.id, department));
  });
});
