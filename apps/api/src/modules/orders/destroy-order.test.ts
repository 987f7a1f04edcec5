import { MESSAGES, ORDER_STATUS, PORTAL_TIME_ZONE } from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { rollupsAgainstRawRows } from "../../../test/rollups.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { insertNamedProduct, orderBody, SF_ADDRESS } from "../../../test/support/fixtures.ts";
import {
  addresses,
  email_outbox,
  inventory_transactions,
  order_products,
  orders,
  products,
  shipments,
} from "../../db/schema/index.ts";

/**
 * Issue 11: a destroy order needs no carrier, address or contact; it never counts as a sale in the
 * product and item summaries; and every address a user adds passes sign-up's US address check, so
 * an order can never ship to an address sign-up would refuse.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: { ...bearer(token), ...headers } });

/** A destroyable product (in inventory, type 5) with this stock, sold at $9 a pack. */
async function destroyable(id: number, stock: number) {
  const values = { customer_sku: `OLD-${id}`, quickbooks_type_id: 5, max_quantity: 20, actual_inventory: stock };
  await insertNamedProduct(t.db, "Old Brochure", id, values, [[1, null, 900]]);
}

const sale = (items: { id: number; quantity: number }[]) => orderBody(items);

/** The portal's today, with a day either side (the report's days are portal time). */
function around(now = new Date()) {
  const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  return { date_from: day(-1), date_to: day(1) };
}

describe("a destroy order", () => {
  it("is placed with its lines alone: no contact, delivery method or address, which come from the user", async () => {
    await destroyable(991_001, 37);
    const res = await post("/api/order/add", { items: [{ id: 991_001, quantity: 37, is_destroy: true }] }, t.admin);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().data));
    expect(order).toMatchObject({
      is_destroy: true,
      total_order_amount: 0,
      shipping_address_id: null,
      ship_name: "Warehouse (destroyed in stock)",
      ship_line1: "No shipment",
      email: "admin@vetportal.example",
    });
    expect(order?.contact_name).not.toBe("");
    expect(order?.delivery_method_id).toBeGreaterThan(0);
    const [product] = await t.db.select().from(products).where(eq(products.id, 991_001));
    expect(product?.actual_inventory).toBe(0);
    const moves = await t.db
      .select({ action: inventory_transactions.action, quantity: inventory_transactions.quantity })
      .from(inventory_transactions)
      .where(eq(inventory_transactions.product_id, 991_001));
    expect(moves).toEqual([{ action: "destroy", quantity: -37 }]);
  });

  it("refuses an ordinary order without contact or delivery method, with the shipping form's messages", async () => {
    await destroyable(991_002, 10);
    const res = await post("/api/order/add", { items: [{ id: 991_002, quantity: 2 }] }, t.practice);
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(Object.keys(fields).sort()).toEqual(["contact_name", "contact_phone", "delivery_method_id", "email"]);
    expect(fields.contact_name).toBe("Contact name is required");
    // A mixed cart is no destroy order: the contact is still required.
    const mixed = await post(
      "/api/order/add",
      {
        items: [
          { id: 991_002, quantity: 2 },
          { id: 991_001, quantity: 1, is_destroy: true },
        ],
      },
      t.admin,
    );
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.fields).toHaveProperty("contact_name");
    const [product] = await t.db.select().from(products).where(eq(products.id, 991_002));
    expect(product?.actual_inventory).toBe(10);
  });

  it("is done when placed: the cart loses its lines, the desk offers nothing and refuses Ship and Cancel (decision 027)", async () => {
    await destroyable(991_040, 7);
    const cart = await post("/api/cart/replace", { items: [{ id: 991_040, quantity: 7, is_destroy: true }] }, t.admin);
    expect(cart.json().data.items).toHaveLength(1);
    const placed = await post("/api/order/add", { items: [{ id: 991_040, quantity: 7, is_destroy: true }] }, t.admin);
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data as number;
    // The administrator's cart is empty in every tab, as after any order.
    expect((await post("/api/cart/query", {}, t.admin)).json().data.items).toEqual([]);

    // Its own final status: never Active work on the desk, no action offered.
    const desk = (await post("/api/fulfilment/query", { id }, t.admin)).json().data;
    expect(desk).toMatchObject({ order_status: ORDER_STATUS.DESTROYED, order_status_name: "Destroyed" });
    expect(desk.actions).toEqual({ statuses: [], can_ship: false, can_cancel: false, can_back_order: false });
    const list = (
      await post("/api/fulfilment/list", { order_status_id: ORDER_STATUS.ACTIVE, limit: 100 }, t.admin)
    ).json().data;
    expect(list.items.map((o: { id: number }) => o.id)).not.toContain(id);

    // Ship, Cancel (the desk's and the orderer's), a back order, a status change: each 409, nothing written.
    const [line] = await t.db.select().from(order_products).where(eq(order_products.order_id, id));
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: PORTAL_TIME_ZONE }).format(new Date());
    const refusals = [
      [
        "/api/fulfilment/ship",
        { order_id: id, shipped_on: today, packages: [{ carrier: "UPS", tracking_number: "1Z999AA1" }] },
      ],
      ["/api/fulfilment/cancel", { order_id: id }],
      ["/api/fulfilment/backorder", { order_id: id, lines: [{ order_product_id: line?.id, expected_date: today }] }],
      ["/api/fulfilment/status", { order_id: id, order_status_id: 18 }],
      ["/api/order/cancel", { order_id: id }],
    ] as const;
    for (const [url, body] of refusals) {
      const res = await post(url, body, t.admin);
      expect(res.statusCode, `${url} ${res.body}`).toBe(409);
      expect(res.json().error.code).toBe("DESTROY_ORDER_FINAL");
    }
    const csv = `order_id,tracking_number,carrier,ship_date\n${id},1Z999AA1,UPS,${today}`;
    const applied = (await post("/api/fulfilment/importApply", { csv }, t.admin)).json().data;
    expect(applied.rows[0].error).toBe(`Order #${id} is a destroy order: nothing ships.`);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, id));
    expect(order).toMatchObject({
      order_status_id: ORDER_STATUS.DESTROYED,
      tracking_number: null,
      date_shipped: null,
    });
    expect(await t.db.select().from(shipments).where(eq(shipments.order_id, id))).toEqual([]);
    const [product] = await t.db.select().from(products).where(eq(products.id, 991_040));
    expect(product?.actual_inventory).toBe(0);
    const moves = await t.db
      .select({ action: inventory_transactions.action })
      .from(inventory_transactions)
      .where(eq(inventory_transactions.product_id, 991_040));
    expect(moves).toEqual([{ action: "destroy" }]);
    const mails = await t.db.select({ kind: email_outbox.kind, subject: email_outbox.subject }).from(email_outbox);
    expect(mails.filter((m) => m.subject.includes(`#${id}`))).toEqual([]);
  });

  it("stays an administrator's: a practice is refused and nothing changes", async () => {
    await destroyable(991_003, 8);
    const res = await post("/api/order/add", { items: [{ id: 991_003, quantity: 8, is_destroy: true }] }, t.practice);
    expect(res.statusCode).toBe(403);
    const [product] = await t.db.select().from(products).where(eq(products.id, 991_003));
    expect(product?.actual_inventory).toBe(8);
  });

  it("is no sale: the product and item summaries count only what was sold, rollup or not", async () => {
    await destroyable(991_010, 30);
    const sold = await post("/api/order/add", sale([{ id: 991_010, quantity: 4 }]), t.practice);
    expect(sold.statusCode, sold.body).toBe(200);
    const destroyed = await post(
      "/api/order/add",
      { items: [{ id: 991_010, quantity: 26, is_destroy: true }] },
      t.admin,
    );
    expect(destroyed.statusCode, destroyed.body).toBe(200);

    const report = async (filter: Record<string, unknown>) => {
      const res = await post(
        "/api/report/orderFrontEnd",
        { ...around(), keyword_search: "Old Brochure 991010", ...filter },
        t.admin,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { rows: Record<string, unknown>[]; totals: Record<string, number> };
    };
    // Unfiltered: the daily rollup answers. Filtered by status: the raw lines do.
    for (const filter of [{}, { order_status_id: 1 }]) {
      const products_ = await report({ search_by: 2, ...filter });
      expect(products_.rows, JSON.stringify(filter)).toEqual([
        expect.objectContaining({ product_id: 991_010, quantity: 4, total_price: 3600 }),
      ]);
      const items = await report({ search_by: 4, ...filter });
      expect(items.rows.map((r) => r.order_id)).toEqual([sold.json().data]);
      expect(items.totals.quantity).toBe(4);
    }
    // Destroyed stock is what the inventory summary calls removed, not sold.
    const inventory = await report({ search_by: 5 });
    expect(inventory.rows).toEqual([expect.objectContaining({ product_id: 991_010, sold: 4, removed: 26 })]);

    const { productDays, productRaw } = await rollupsAgainstRawRows(t.db);
    expect(productDays).toEqual(productRaw);
  });
});

describe("addresses are checked before they are stored", () => {
  const address = SF_ADDRESS;
  const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(addresses))[0]?.n;

  it.each([
    ["a ZIP of another state", { zip_code: "10001" }, "zip_code", MESSAGES.addressNotDeliverable],
    [
      "a territory's ZIP in a state's range",
      { state: "HI", zip_code: "96799" },
      "zip_code",
      MESSAGES.addressNotDeliverable,
    ],
    ["a territory", { state: "PR", zip_code: "00901" }, "state", MESSAGES.stateNotShippable],
    ["another country", { country: 31 }, "country", MESSAGES.shipUsOnly],
  ])("refuses %s with a message under the field, storing nothing", async (_, change, field, message) => {
    const before = await count();
    const res = await post("/api/address/add", { ...address, ...change }, t.practice);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: "ADDRESS_NOT_DELIVERABLE", fields: { [field]: message } });
    expect(await count()).toBe(before);
  });

  it("refuses a department address it could not ship to, too", async () => {
    const [dept] = (await post("/api/department/list", {}, t.admin)).json().data;
    const res = await post(
      "/api/address/add",
      { ...address, belong_to: "department", owner_id: dept.id, state: "NV", zip_code: "94105" },
      t.admin,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ zip_code: MESSAGES.addressNotDeliverable });
  });

  it("takes a deliverable address, ZIP+4 included", async () => {
    const res = await post("/api/address/add", { ...address, zip_code: "94105-1804" }, t.practice);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("never ships to an address stored before the check: the order is refused under shipping_address_id", async () => {
    const added = await post("/api/address/add", { ...address, dropdown_name: "Annex" }, t.practice);
    const id = added.json().data.id;
    // As an address stored before issue 11 could be.
    await t.db.update(addresses).set({ state: "NY" }).where(eq(addresses.id, id));
    await destroyable(991_020, 10);
    const res = await post(
      "/api/order/add",
      { ...sale([{ id: 991_020, quantity: 1 }]), shipping_address_id: id },
      t.practice,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({ shipping_address_id: MESSAGES.addressNotDeliverable });
    const [product] = await t.db.select().from(products).where(eq(products.id, 991_020));
    expect(product?.actual_inventory).toBe(10);
  });
});
