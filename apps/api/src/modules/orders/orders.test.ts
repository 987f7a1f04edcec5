import { MESSAGES } from "@vetportal/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { bearer, NY_PRACTICE, queryRows, signIn, signInAdmin, signInPractice } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import {
  email_outbox,
  inventory_transactions,
  order_products,
  order_status_history,
  orders,
  products,
  users,
} from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/hashing.ts";

const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: { ...bearer(token), ...headers } });

/** A product just for one test: in stock, forbids going below zero, 1–10 packs, $10 then $8 from 5 packs. */
const makeProduct = productMaker(
  t,
  { id: 989_000, name: "Test Brochure" },
  { package_quantity: 50, max_quantity: 10, actual_inventory: 100, pick_fee_cents: 25, cutoff_time: 2 },
  [
    [1, 4, 1000],
    [5, null, 800],
  ],
);
const stockOf = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]?.actual_inventory;
const orderCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;

const order = (items: { id: number; quantity: number }[], extra: Record<string, unknown> = {}) =>
  orderBody(items, { shipping_instruction: "Back door", ...extra });

describe("POST /api/customer/query (delivery methods)", () => {
  it("offers a practice only UPS Ground", async () => {
    const res = await post("/api/customer/query", { return: ["delivery_methods"] });
    expect(res.json().data.delivery_methods).toEqual([{ id: 1, name: "UPS Ground", remarks: "Up to 5 business days" }]);
  });

  it("offers the configured admin user the customer's list, never id 43", async () => {
    const admin = await signInAdmin(t.app);
    const ids = (await post("/api/customer/query", {}, admin.access_token))
      .json()
      .data.delivery_methods.map((m: { id: number }) => m.id);
    expect(ids.length).toBeGreaterThan(3);
    expect(ids).toContain(1);
    expect(ids).not.toContain(43);
  });
});

describe("POST /api/order/add", () => {
  it("stores the order, lines, history, ledger and confirmation with amounts computed on the server", async () => {
    const a = await makeProduct();
    const b = await makeProduct({
      is_in_inventory: false,
      no_order_below_zero_inventory: false,
      actual_inventory: 0,
      pick_fee_cents: 0,
    });
    const res = await post(
      "/api/order/add",
      order([
        { id: a, quantity: 5 },
        { id: b, quantity: 2 },
      ]),
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().data;
    const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
    // a: 5 × $8.00 + pick 5 × $0.25; b: 2 × $10.00; UPS Ground $12.50; processing $1.50; tax 7.25 % of items + pick.
    expect(row).toMatchObject({
      user_id: t.practiceUserId,
      order_status_id: 1,
      total_items_amount: 6000,
      pick_fee_amount: 125,
      shipping_amount: 1250,
      processing_amount: 150,
      tax_amount: 444,
      total_order_amount: 7969,
      ship_line1: "120 Market Street",
      ship_state: "CA",
    });
    expect(await stockOf(a)).toBe(95);
    expect(await stockOf(b)).toBe(0);
    const ledger = await t.db.select().from(inventory_transactions).where(eq(inventory_transactions.order_id, id));
    expect(ledger).toEqual([
      expect.objectContaining({ product_id: a, action: "sale", quantity: -5, ending_inventory: 95 }),
    ]);
    const lines = await t.db.select().from(order_products).where(eq(order_products.order_id, id));
    expect(lines.map((l) => [l.product_id, l.quantity, l.unit_price_cents])).toEqual([
      [a, 5, 800],
      [b, 2, 1000],
    ]);
    expect(lines[0]?.estimated_delivery_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await t.db.select().from(order_status_history).where(eq(order_status_history.order_id, id))).toHaveLength(1);
    const [mail] = await t.db
      .select()
      .from(email_outbox)
      .where(eq(email_outbox.kind, "order_confirmation"))
      .orderBy(desc(email_outbox.id))
      .limit(1);
    expect(mail?.to).toEqual(["maria@happypaws.test"]);
    // Happy Paws belongs to Veterinary Sales West, whose cc list the demo data sets.
    expect(mail?.cc).toEqual(["sales-west@companionhealth.test"]);
    expect(mail?.subject).toContain(`#${id}`);
  });

  it.each([
    ["below the minimum", { min_quantity: 3 }, 2, "BELOW_MIN_QUANTITY"],
    ["above the maximum", { max_quantity: 4 }, 5, "ABOVE_MAX_QUANTITY"],
    ["withdrawn", { is_active: false }, 1, "PRODUCT_UNAVAILABLE"],
    ["out of stock", { actual_inventory: 2 }, 3, "OUT_OF_STOCK"],
    ["out of stock entirely", { actual_inventory: 0 }, 1, "OUT_OF_STOCK"],
  ])(
    "refuses a line %s with a named error next to the line, storing nothing",
    async (_case, values, quantity, code) => {
      const good = await makeProduct();
      const bad = await makeProduct(values);
      const before = await orderCount();
      const res = await post(
        "/api/order/add",
        order([
          { id: good, quantity: 1 },
          { id: bad, quantity },
        ]),
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe(code);
      expect(Object.keys(res.json().error.fields)).toEqual([`items.${bad}`]);
      expect(await orderCount()).toBe(before);
      expect(await stockOf(good)).toBe(100);
    },
  );

  it("allows going below zero for a product that does not forbid it", async () => {
    const id = await makeProduct({ actual_inventory: 1, no_order_below_zero_inventory: false });
    expect((await post("/api/order/add", order([{ id, quantity: 3 }]))).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(-2);
  });

  it("refuses a product the practice may not see (New York programme for a California practice)", async () => {
    const res = await post("/api/order/add", order([{ id: 144518, quantity: 1 }]));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("PRODUCT_UNAVAILABLE");
  });

  it("refuses delivery method 43 and methods the practice is not offered", async () => {
    const id = await makeProduct();
    for (const method of [43, 2]) {
      const res = await post("/api/order/add", order([{ id, quantity: 1 }], { delivery_method_id: method }));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("DELIVERY_METHOD_NOT_ALLOWED");
    }
    const admin = await signInAdmin(t.app);
    const adminAddress = await queryRows(
      t.db,
      sql`insert into addresses (customer_id, belong_to, owner_id, line1, city, state, zip_code) values (1850, 'user', 1, '1 Depot Way', 'Reno', 'NV', '89501') returning id`,
    );
    expect(adminAddress).toHaveLength(1);
    expect(
      (await post("/api/order/add", order([{ id, quantity: 1 }], { delivery_method_id: 43 }), admin.access_token))
        .statusCode,
    ).toBe(409);
    expect(
      (await post("/api/order/add", order([{ id, quantity: 1 }], { delivery_method_id: 2 }), admin.access_token))
        .statusCode,
    ).toBe(200);
  });

  it("returns the first order for a repeated Idempotency-Key", async () => {
    const id = await makeProduct();
    const headers = { "idempotency-key": "checkout-7d1f0c2a" };
    const first = await post("/api/order/add", order([{ id, quantity: 2 }]), t.practice, headers);
    const second = await post("/api/order/add", order([{ id, quantity: 2 }]), t.practice, headers);
    expect(second.json().data).toBe(first.json().data);
    expect(await stockOf(id)).toBe(98);
  });

  it("refuses an Idempotency-Key reused with a different order (422) and still replays the first", async () => {
    const id = await makeProduct();
    const headers = { "idempotency-key": "checkout-reuse-41b7e9d0" };
    const first = await post("/api/order/add", order([{ id, quantity: 2 }]), t.practice, headers);
    expect(first.statusCode).toBe(200);
    const before = await orderCount();

    const other = await post("/api/order/add", order([{ id, quantity: 3 }]), t.practice, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toMatchObject({
      code: "IDEMPOTENCY_KEY_REUSED",
      message: expect.stringContaining("already used for a different order"),
    });
    const otherNote = await post(
      "/api/order/add",
      order([{ id, quantity: 2 }], { shipping_instruction: "Front door" }),
      t.practice,
      headers,
    );
    expect(otherNote.json().error.code).toBe("IDEMPOTENCY_KEY_REUSED");

    // The same request again gives the first order back.
    const same = await post("/api/order/add", order([{ id, quantity: 2 }]), t.practice, headers);
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toBe(first.json().data);
    expect(await orderCount()).toBe(before);
    expect(await stockOf(id)).toBe(98);
  });

  it("validates the shipping form with the contract's rules", async () => {
    const id = await makeProduct();
    const res = await post(
      "/api/order/add",
      order([{ id, quantity: 1 }], { contact_phone: "4155550101", email: "nope", contact_name: " " }),
    );
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["contact_name", "contact_phone", "email"]);
    const empty = await post("/api/order/add", order([]));
    expect(empty.json().error.fields.items).toBe(MESSAGES.cartEmpty);
  });

  it("never takes the customer, user or amounts from the payload: such fields are refused (decision 027)", async () => {
    const id = await makeProduct();
    const before = await orderCount();
    const extra = { user_id: 1, customer_id: 9999, total_order_amount: 1 };
    const refused = await post("/api/order/add", order([{ id, quantity: 1 }], extra));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual({
      user_id: MESSAGES.unknownField,
      customer_id: MESSAGES.unknownField,
      total_order_amount: MESSAGES.unknownField,
    });
    expect(await orderCount()).toBe(before);
    const res = await post("/api/order/add", order([{ id, quantity: 1 }]));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, res.json().data));
    expect(row).toMatchObject({ user_id: t.practiceUserId, customer_id: 1850 });
  });
});

describe("reading orders", () => {
  it("lists only the user's own orders, newest first, with a total", async () => {
    const res = await post("/api/order/list", { limit: 5, offset: 0 });
    const body = res.json();
    expect(body.data.length).toBeLessThanOrEqual(5);
    expect(body.found_rows).toBeGreaterThan(5);
    const ids = body.data.map((o: { id: number }) => o.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    const owners = await t.db.select({ user_id: orders.user_id }).from(orders).where(sql`${orders.id} in ${ids}`);
    expect(new Set(owners.map((o) => o.user_id))).toEqual(new Set([t.practiceUserId]));
    const [own] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.user_id, t.practiceUserId));
    expect(body.found_rows).toBe(own?.n);
  });

  it("refuses order days whose end comes before their start, on the end's field, as the desk and the audit do", async () => {
    const res = await post("/api/order/list", { date_from: "2026-11-20", date_to: "2026-11-10" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ date_to: MESSAGES.dateRange });
    const sameDay = await post("/api/order/list", { date_from: "2026-11-10", date_to: "2026-11-10" });
    expect(sameDay.statusCode).toBe(200);
  });

  it("answers 404 for another practice's order, never its data", async () => {
    const [other] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.user_id))
      .where(eq(users.representation, NY_PRACTICE.address_name))
      .limit(1);
    const res = await post("/api/order/query", { id: other?.id });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("River Road");
  });

  it("lets a manager signed in by password read the department's orders; by address only their own", async () => {
    const [manager] = await t.db.select().from(users).where(eq(users.user_level_id, 2)).limit(1);
    const [colleagueOrder] = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.department_id, manager?.department_id ?? 0), sql`${orders.user_id} <> ${manager?.id}`))
      .limit(1);
    const [row] = await queryRows<{ line1: string; zip_code: string }>(
      t.db,
      sql`select line1, zip_code from addresses where owner_id = ${manager?.id} and belong_to = 'user'`,
    );
    if (!row) throw new Error("the manager has no address");
    const token = (
      await signInPractice(t.app, {
        address_name: manager?.representation ?? "",
        line1: row.line1,
        zip_code: row.zip_code,
      })
    ).access_token;
    // A public address opens the practice, not its department's orders (decision 012).
    expect((await post("/api/order/query", { id: colleagueOrder?.id }, token)).statusCode).toBe(404);
    await t.db
      .update(users)
      .set({ password_hash: await hashPassword("Manager2026") })
      .where(eq(users.id, manager?.id ?? 0));
    const staff = (await signIn(t.app, { method: "password", email: manager?.email, password: "Manager2026" }))
      .access_token;
    expect((await post("/api/order/query", { id: colleagueOrder?.id }, staff)).statusCode).toBe(200);
  });

  it("shows an order with the spec's fields and the PST label", async () => {
    const id = await makeProduct();
    const placed = (await post("/api/order/add", order([{ id, quantity: 2 }]))).json().data;
    const detail = (await post("/api/order/query", { id: placed })).json().data;
    expect(detail).toMatchObject({
      id: placed,
      order_status_name: "Active",
      delivery_method_name: "UPS Ground",
      payment_method_name: "On Invoice",
      shipping_address: { line1: "120 Market Street", city: "San Francisco", state: "CA", zip_code: "94105" },
      shipping_instruction: "Back door",
      can_cancel: true,
      can_reorder: false,
    });
    expect(detail.order_created).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} [AP]M PST$/);
    expect(detail.order_products).toEqual([expect.objectContaining({ product_id: id, quantity: 2 })]);
  });
});

describe("POST /api/order/cancel", () => {
  let productId: number;
  let orderId: number;
  beforeEach(async () => {
    productId = await makeProduct();
    orderId = (await post("/api/order/add", order([{ id: productId, quantity: 4 }]))).json().data;
  });

  it("cancels an own Active order within the window and restocks through the ledger", async () => {
    expect(await stockOf(productId)).toBe(96);
    const res = await post("/api/order/cancel", { order_id: orderId, partial: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ order_status_name: "Cancelled" });
    expect(await stockOf(productId)).toBe(100);
    const ledger = await t.db.select().from(inventory_transactions).where(eq(inventory_transactions.order_id, orderId));
    expect(ledger.map((l) => [l.action, l.quantity, l.ending_inventory])).toEqual([
      ["sale", -4, 96],
      ["cancel", 4, 100],
    ]);
    const detail = (await post("/api/order/query", { id: orderId })).json().data;
    expect(detail.order_products).toEqual([]);
    expect(detail.cancel_products).toEqual([expect.objectContaining({ product_id: productId, quantity: 4 })]);
    expect(detail.can_cancel).toBe(false);
    // A cancelled order invoices nothing (reports count invoiced amounts).
    expect(detail).toMatchObject({ total_items_amount: 0, tax_amount: 0, shipping_amount: 0, total_order_amount: 0 });
    const again = await post("/api/order/cancel", { order_id: orderId });
    expect(again.statusCode).toBe(409);
    expect(await stockOf(productId)).toBe(100);
  });

  it("refuses once the cancel window has passed", async () => {
    await t.db
      .update(orders)
      .set({ created: new Date(Date.now() - 2 * 3_600_000 - 1000) })
      .where(eq(orders.id, orderId));
    const res = await post("/api/order/cancel", { order_id: orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("CANCEL_WINDOW_CLOSED");
    expect(res.json().error.message).toContain("2 hours");
    expect(await stockOf(productId)).toBe(96);
  });

  it("lets a Manager signed in by password cancel a department order; by address, or from another department, 404", async () => {
    // A manager of another department than the one of this test's order (placed by the practice).
    const [manager] = await t.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.user_level_id, 2),
          sql`${users.department_id} is not null`,
          sql`${users.department_id} is distinct from (select department_id from orders where id = ${orderId})`,
        ),
      )
      .orderBy(users.id)
      .limit(1);
    const [colleague] = await t.db
      .select({ id: orders.id, user_id: orders.user_id })
      .from(orders)
      .innerJoin(order_products, eq(order_products.order_id, orders.id))
      .where(and(eq(orders.department_id, manager?.department_id ?? 0), sql`${orders.user_id} <> ${manager?.id}`))
      .orderBy(orders.id)
      .limit(1);
    if (!manager || !colleague) throw new Error("the demo data has no manager with a colleague's order");
    // Placed just now, still Active.
    await t.db.update(orders).set({ order_status_id: 1, created: new Date() }).where(eq(orders.id, colleague.id));
    const [row] = await queryRows<{ line1: string; zip_code: string }>(
      t.db,
      sql`select line1, zip_code from addresses where owner_id = ${manager.id} and belong_to = 'user' order by id limit 1`,
    );
    const byAddress = (
      await signInPractice(t.app, {
        address_name: manager.representation ?? "",
        line1: row?.line1 ?? "",
        zip_code: row?.zip_code ?? "",
      })
    ).access_token;
    expect((await post("/api/order/cancel", { order_id: colleague.id }, byAddress)).statusCode).toBe(404);
    // Another department's order stays out of reach (the practice's order of this test's beforeEach).
    await t.db
      .update(users)
      .set({ password_hash: await hashPassword("Manager2026") })
      .where(eq(users.id, manager.id));
    const staff = (await signIn(t.app, { method: "password", email: manager.email, password: "Manager2026" }))
      .access_token;
    expect((await post("/api/order/cancel", { order_id: orderId }, staff)).statusCode).toBe(404);
    expect((await post("/api/order/query", { id: colleague.id }, staff)).json().data.can_cancel).toBe(true);
    const res = await post("/api/order/cancel", { order_id: colleague.id }, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ order_status_name: "Cancelled" });
    const [status] = await t.db
      .select()
      .from(order_status_history)
      .where(eq(order_status_history.order_id, colleague.id))
      .orderBy(desc(order_status_history.id))
      .limit(1);
    expect(status).toMatchObject({
      order_status_id: 2,
      user_id: manager.id,
      note: "Cancelled by the department's manager",
    });
  });

  it("refuses another practice's order with 404", async () => {
    const other = await signInPractice(t.app, NY_PRACTICE);
    const res = await post("/api/order/cancel", { order_id: orderId }, other.access_token);
    expect(res.statusCode).toBe(404);
    expect(await stockOf(productId)).toBe(96);
  });
});

describe("POST /api/order/reorder", () => {
  it("returns a shipped order's lines adjusted to today's limits, with the reasons", async () => {
    const keep = await makeProduct();
    const shrink = await makeProduct();
    const gone = await makeProduct();
    const placed = (
      await post(
        "/api/order/add",
        order([
          { id: keep, quantity: 2 },
          { id: shrink, quantity: 9 },
          { id: gone, quantity: 1 },
        ]),
      )
    ).json().data;
    await t.db.update(orders).set({ order_status_id: 5 }).where(eq(orders.id, placed));
    await t.db.update(products).set({ max_quantity: 6 }).where(eq(products.id, shrink));
    await t.db.update(products).set({ is_active: false }).where(eq(products.id, gone));
    const res = await post("/api/order/reorder", { order_id: placed });
    expect(res.statusCode).toBe(200);
    const { items, dropped } = res.json().data;
    expect(items.map((i: { id: number; quantity: number }) => [i.id, i.quantity])).toEqual([
      [keep, 2],
      [shrink, 6],
    ]);
    expect(items[1].note).toContain("from 9 to 6");
    expect(dropped).toEqual([expect.objectContaining({ product_id: gone, reason: "no longer available" })]);
  });

  it("refuses an order that has not shipped", async () => {
    const id = await makeProduct();
    const placed = (await post("/api/order/add", order([{ id, quantity: 1 }]))).json().data;
    expect((await post("/api/order/reorder", { order_id: placed })).statusCode).toBe(409);
  });
});

describe("catalogue", () => {
  const list = async (body: unknown, token = t.practice) => (await post("/api/product/list", body, token)).json();

  it("lists a category's active products by name", async () => {
    const body = await list({ product_category_id: 2101 });
    const names = body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" })));
    expect(
      body.data.every(
        (p: { product_category_id: number; is_active: boolean }) => p.product_category_id === 2101 && p.is_active,
      ),
    ).toBe(true);
    expect(body.found_rows).toBe(body.data.length);
  });

  it("lists 2217 as exactly 144518, 144517, 148980 for a New York practice", async () => {
    const ny = await signInPractice(t.app, NY_PRACTICE);
    const body = await list({ product_category_id: 2217 }, ny.access_token);
    expect(body.data.map((p: { id: number }) => p.id)).toEqual([144518, 144517, 148980]);
    expect((await list({ product_category_id: 2217 })).data).toEqual([]);
  });

  it("searches names case-insensitively across the visible catalogue only", async () => {
    const ca = await list({ name: "NEW YORK" });
    expect(ca.data).toEqual([]);
    const ny = await list({ name: "new york" }, (await signInPractice(t.app, NY_PRACTICE)).access_token);
    expect(ny.data.length).toBeGreaterThanOrEqual(3);
    expect((await list({ name: "starter kit" })).data.map((p: { id: number }) => p.id)).toContain(144048);
    expect((await list({ name: "100%_" })).data).toEqual([]);
  });

  it("hides department-restricted products from other departments", async () => {
    expect((await list({ name: "Stress-Free Cat Carrier" })).data).toEqual([]);
    const admin = await signInAdmin(t.app);
    expect((await list({ name: "Stress-Free Cat Carrier" }, admin.access_token)).data).toHaveLength(1);
  });

  it("shows 2214's Top 10 name without its programme suffix, and 144048's category thumbnail", async () => {
    const sharing = await list({ product_category_id: 2214 });
    const top10 = sharing.data.find((p: { name: string }) => p.name.startsWith("Top 10 Canine"));
    expect(top10).toMatchObject({
      name: "Top 10 Canine Health Conditions PHA",
      display_name: "Top 10 Canine Health Conditions",
    });
    const kits = await list({ product_category_id: 2100 });
    expect(kits.data.find((p: { id: number }) => p.id === 144048)?.image_url).toBe(
      "/media/products/144048.svg?category=2100",
    );
    expect((await list({ name: "Puppy Starter" })).data[0]?.image_url).toBe("/media/products/144048.svg");
  });

  it("answers a product with its rules and an estimated shipping date", async () => {
    const res = await post("/api/product/query", { id: 144048 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: 144048, category: "New Client Kits", package_quantity: 25 });
    expect(res.json().data.estimate_delivery_date).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(res.json().data.price_ranges.length).toBeGreaterThan(0);
    expect((await post("/api/product/query", { id: 144518 })).statusCode).toBe(404);
    expect((await post("/api/product/query", { id: "abc" })).statusCode).toBe(400);
  });

  it("records page touches in the event log", async () => {
    const res = await post("/api/user/eventLog", { event: "product", product_id: 144048 });
    expect(res.statusCode).toBe(200);
    const rows = await queryRows(t.db, sql`select event, details from event_log order by id desc limit 1`);
    expect(rows[0]).toMatchObject({ event: "product", details: { product_id: 144048 } });
    expect((await post("/api/user/eventLog", { event: "hack" })).statusCode).toBe(400);
  });
});

describe("sign-up", () => {
  const practiceForm = {
    practice_name: "Lakeside Veterinary Clinic",
    email: "hello@lakesidevet.test",
    phone: "608-555-0142",
    contact: "Jordan Ellis",
    line1: "12 Lake Shore Drive",
    city: "Madison",
    state: "WI",
    zip_code: "53703",
  };
  const anon = (url: string, payload: unknown) => t.app.inject({ method: "POST", url, payload: payload as never });

  it("validates the address, creates the practice, and the practice can sign in", async () => {
    expect((await anon("/api/address/addressValidate", practiceForm)).statusCode).toBe(200);
    const res = await anon("/api/user/addpractice", practiceForm);
    expect(res.statusCode).toBe(200);
    const login = await signInPractice(t.app, {
      address_name: practiceForm.practice_name,
      line1: practiceForm.line1,
      zip_code: practiceForm.zip_code,
    });
    expect(login.profile).toMatchObject({ first_name: "Jordan", last_name: "Ellis", address: { state: "WI" } });
    const again = await anon("/api/user/addpractice", {
      ...practiceForm,
      email: "other@lakesidevet.test",
      line1: "12 Lake Shore Dr.",
    });
    expect(again.statusCode).toBe(409);
  });

  it("refuses an undeliverable address with the spec's message under the zip code", async () => {
    for (const bad of [
      { state: "PR", zip_code: "00901" },
      { state: "WI", zip_code: "94105" },
      { state: "WI", zip_code: "5370" },
    ]) {
      const res = await anon("/api/user/addpractice", { ...practiceForm, email: "x@y.test", ...bad });
      expect([400, 422]).toContain(res.statusCode);
      expect(res.json().error.fields?.zip_code ?? res.json().error.fields?.state).toBeDefined();
    }
    const res = await anon("/api/address/addressValidate", { ...practiceForm, zip_code: "94105" });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ zip_code: MESSAGES.addressNotDeliverable });
  });

  it("gives every missing field its own message", async () => {
    const res = await anon("/api/user/addpractice", {});
    expect(res.json().error.fields).toMatchObject({
      practice_name: MESSAGES.practiceNameRequired,
      phone: MESSAGES.phoneRequired,
      contact: MESSAGES.contactRequired,
      line1: MESSAGES.addressRequired,
      city: MESSAGES.cityRequired,
    });
  });

  it("refuses an email already registered", async () => {
    const first = await anon("/api/user/addpractice", {
      ...practiceForm,
      practice_name: "Other Clinic",
      email: "dup@clinic.test",
    });
    expect(first.statusCode).toBe(200);
    const dup = await anon("/api/user/addpractice", {
      ...practiceForm,
      practice_name: "Third Clinic",
      email: "DUP@clinic.test",
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields).toHaveProperty("email");
  });
});
