import { MESSAGES } from "@vetportal/contract";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { imageUploadBody, TINY_PNG } from "../../../test/support/fixtures.ts";
import { email_outbox, inventory_transactions, orders, products } from "../../db/schema/index.ts";

const t = useSignedInApp({ OPERATIONS_EMAIL: "ops@warehouse.test" });

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const form = {
  name: "Rabbit Care Basics",
  customer_sku: "VP-RAB-01",
  product_category_id: 2103,
  quickbooks_type_id: 1,
  description_1: "A brochure about rabbits.",
  package_quantity: 50,
  min_quantity: 2,
  max_quantity: 20,
  price_ranges: [
    { min_quantity: 1, max_quantity: 9, price_cents: 3900 },
    { min_quantity: 10, max_quantity: null, price_cents: 3500 },
  ],
  pick_fees: 30,
  cutoff_time: 2,
  is_in_inventory: true,
  show_inventory: true,
  no_order_below_zero_inventory: true,
  low_inventory_amount: 10,
  is_active: true,
  department_list: [],
};
const stock = async (id: number) =>
  (await t.db.select().from(products).where(eq(products.id, id)))[0]?.actual_inventory;
const lowStockMails = async () =>
  (await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "low_stock"))).length;

describe("products", () => {
  let id: number;
  it("adds a product that practices then see with its rules", async () => {
    const res = await post("/api/product/add", form);
    expect(res.statusCode).toBe(200);
    id = res.json().data.id;
    const seen = (await post("/api/product/query", { id }, t.practice)).json().data;
    expect(seen).toMatchObject({ name: "Rabbit Care Basics", min_quantity: 2, max_quantity: 20, pick_fees: 30 });
    expect(seen.price_ranges).toEqual(form.price_ranges);
  });

  it("gives products added at once each their own id from the database, above the legacy ids", async () => {
    const added = await Promise.all(
      Array.from({ length: 12 }, (_, i) => post("/api/product/add", { ...form, name: `Concurrent ${i}` })),
    );
    expect(added.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const ids = added.map((r) => r.json().data.id as number);
    expect(new Set(ids).size).toBe(12);
    for (const added of ids) expect(added).toBeGreaterThan(id);
    expect(id).toBeGreaterThanOrEqual(1_000_001);
    const rows = await t.db.select({ id: products.id, image_url: products.image_url }).from(products);
    for (const added of ids) {
      expect(rows.find((r) => r.id === added)?.image_url).toBe(`/media/products/${added}.svg`);
    }
  });

  it("refuses a product with fields the form does not have, adding nothing", async () => {
    const before = (await t.db.select({ id: products.id }).from(products)).length;
    for (const path of ["/api/product/add", "/api/product/update"]) {
      const res = await post(path, { ...form, id, user_id: 2, customer_id: 1, is_admin: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({
        user_id: MESSAGES.unknownField,
        customer_id: MESSAGES.unknownField,
        is_admin: MESSAGES.unknownField,
        ...(path.endsWith("add") ? { id: MESSAGES.unknownField } : {}),
      });
    }
    const nested = await post("/api/product/add", {
      ...form,
      price_ranges: [{ min_quantity: 1, max_quantity: null, price_cents: 100, customer_id: 1 }],
    });
    expect(nested.json().error.fields).toEqual({ "price_ranges.0.customer_id": MESSAGES.unknownField });
    expect((await t.db.select({ id: products.id }).from(products)).length).toBe(before);
  });

  it("modifies min/max, and a practice sees the change", async () => {
    expect((await post("/api/product/update", { ...form, id, min_quantity: 5, max_quantity: 40 })).statusCode).toBe(
      200,
    );
    expect((await post("/api/product/query", { id }, t.practice)).json().data).toMatchObject({
      min_quantity: 5,
      max_quantity: 40,
    });
  });

  it("validates the form with the spec's messages", async () => {
    const res = await post("/api/product/update", { ...form, id, name: "", min_quantity: 10, max_quantity: 5 });
    expect(res.json().error.fields).toMatchObject({
      name: MESSAGES.productNameRequired,
      max_quantity: "Maximum must be at least the minimum",
    });
    expect((await post("/api/product/update", { ...form, id, product_category_id: 1 })).statusCode).toBe(400);
    expect((await post("/api/product/update", { ...form, id: 1 })).statusCode).toBe(404);
  });

  it("refuses price ranges that overlap or leave a gap, naming both ranges, and changes nothing", async () => {
    const before = (await t.db.select().from(products).where(eq(products.id, id)))[0];
    const overlap = await post("/api/product/update", {
      ...form,
      id,
      price_ranges: [
        { min_quantity: 1, max_quantity: 9, price_cents: 3900 },
        { min_quantity: 5, max_quantity: null, price_cents: 3500 },
      ],
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().error.fields).toEqual({
      "price_ranges.1.min_quantity": "Range 2 starts at 5 but range 1 goes up to 9",
    });
    const gap = await post("/api/product/add", {
      ...form,
      name: "Gapped",
      price_ranges: [
        { min_quantity: 1, max_quantity: 9, price_cents: 3900 },
        { min_quantity: 12, max_quantity: 20, price_cents: 3500 },
        { min_quantity: 21, max_quantity: null, price_cents: 3000 },
      ],
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().error.fields).toEqual({
      "price_ranges.1.min_quantity": "Range 2 starts at 12 but range 1 goes up to 9",
    });
    const afterOpenEnd = await post("/api/product/add", {
      ...form,
      name: "Open ended",
      price_ranges: [
        { min_quantity: 1, max_quantity: null, price_cents: 3900 },
        { min_quantity: 10, max_quantity: null, price_cents: 3500 },
      ],
    });
    expect(afterOpenEnd.json().error.fields).toEqual({
      "price_ranges.1.min_quantity": "Range 2 starts at 10 but range 1 has no maximum",
    });
    expect((await t.db.select().from(products).where(eq(products.name, "Gapped"))).length).toBe(0);
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0]).toEqual(before);
  });

  it("names each missing number and says max < min alongside the other messages", async () => {
    const res = await post("/api/product/add", {
      ...form,
      name: "",
      package_quantity: null,
      min_quantity: 10,
      max_quantity: 5,
      price_ranges: [
        { min_quantity: 1, max_quantity: 9, price_cents: null },
        { min_quantity: 8, max_quantity: null, price_cents: 3500 },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: MESSAGES.productNameRequired,
      package_quantity: "Enter the pack size",
      max_quantity: "Maximum must be at least the minimum",
      "price_ranges.0.price_cents": "Enter the price per pack",
      "price_ranges.1.min_quantity": "Range 2 starts at 8 but range 1 goes up to 9",
    });
  });

  it("refuses a fraction of a cent (a third decimal typed in dollars) instead of rounding it, and changes nothing", async () => {
    const before = (await t.db.select().from(products).where(eq(products.id, id)))[0];
    const res = await post("/api/product/update", {
      ...form,
      id,
      price_ranges: [
        { min_quantity: 1, max_quantity: 9, price_cents: 425.5 },
        { min_quantity: 10, max_quantity: null, price_cents: 3500 },
      ],
      pick_fees: 30.5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      "price_ranges.0.price_cents": "Enter the price in dollars and cents, e.g. 4.25",
      pick_fees: "Enter the pick fee in dollars and cents, e.g. 0.30",
    });
    const added = await post("/api/product/add", {
      ...form,
      name: "Third decimal",
      price_ranges: [{ min_quantity: 1, max_quantity: null, price_cents: 1999.9 }],
    });
    expect(added.statusCode).toBe(400);
    expect(added.json().error.fields).toEqual({
      "price_ranges.0.price_cents": "Enter the price in dollars and cents, e.g. 4.25",
    });
    expect((await t.db.select().from(products).where(eq(products.name, "Third decimal"))).length).toBe(0);
    expect((await t.db.select().from(products).where(eq(products.id, id)))[0]).toEqual(before);
  });

  it("hides a deactivated product from practices but not from the admin list", async () => {
    await post("/api/product/update", { ...form, id, is_active: false });
    expect((await post("/api/product/query", { id }, t.practice)).statusCode).toBe(404);
    const adminList = (await post("/api/product/list", { product_category_id: 2103, limit: 50 })).json();
    expect(adminList.data.map((p: { id: number }) => p.id)).toContain(id);
    await post("/api/product/update", { ...form, id });
  });

  it("stores an uploaded image and serves it; refuses other files", async () => {
    const png = TINY_PNG;
    const boundary = "----vpupload";
    const body = (file: Buffer) => imageUploadBody(boundary, id, file);
    const upload = (file: Buffer) =>
      t.app.inject({
        method: "POST",
        url: "/api/product/image",
        payload: body(file),
        headers: { ...bearer(t.admin), "content-type": `multipart/form-data; boundary=${boundary}` },
      });
    const res = await upload(png);
    expect(res.statusCode).toBe(200);
    const url = res.json().data.image_url;
    const served = await t.app.inject({ method: "GET", url });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.rawPayload.equals(png)).toBe(true);
    expect((await post("/api/product/query", { id }, t.practice)).json().data.image_url).toBe(url);
    // A file under another name is no field of the form (decision 027).
    const renamed = await t.app.inject({
      method: "POST",
      url: "/api/product/image",
      payload: Buffer.from(body(png).toString("latin1").replace('name="file"', 'name="image"'), "latin1"),
      headers: { ...bearer(t.admin), "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.fields).toEqual({ image: MESSAGES.unknownField, file: "Choose an image file" });
    const svg = await upload(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"));
    expect(svg.statusCode).toBe(400);
    expect(svg.json().error.fields.file).toMatch(/PNG, JPEG or WebP/);
  });

  it("exports every product as CSV with ID, Name, SKU and inert formulas", async () => {
    await post("/api/product/update", { ...form, id, name: '=HYPERLINK("http://x")' });
    const res = await post("/api/product/export", {});
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toContain("products.csv");
    const lines = res.body.trim().split("\n");
    expect(lines[0]).toBe("ID,Name,SKU");
    const [count] = await t.db.select({ id: products.id }).from(products);
    expect(count).toBeDefined();
    expect(lines.length - 1).toBe((await t.db.select().from(products)).length);
    expect(lines.find((l) => l.startsWith(`${id},`))).toBe(`${id},"'=HYPERLINK(""http://x"")",VP-RAB-01`);
    await post("/api/product/update", { ...form, id });
  });
});

describe("inventory", () => {
  let id: number;
  beforeAll(async () => {
    id = (await post("/api/product/add", { ...form, name: "Ferret Facts" })).json().data.id;
  });

  it("replenishes and adjusts through the ledger with the resulting balance", async () => {
    expect(
      (
        await post("/api/inventory/replenish", { product_id: id, quantity: 100, palettes: 1, comment: "PO 5521" })
      ).json().data,
    ).toEqual({ product_id: id, actual_inventory: 100 });
    expect(
      (await post("/api/inventory/adjust", { product_id: id, quantity: -7, comment: "Water damage" })).json().data
        .actual_inventory,
    ).toBe(93);
    expect((await post("/api/inventory/adjust", { product_id: id, quantity: 3 })).json().error.fields.comment).toBe(
      "A reason is required",
    );
    const below = await post("/api/inventory/adjust", { product_id: id, quantity: -94, comment: "Count" });
    expect(below.statusCode).toBe(409);
    expect(await stock(id)).toBe(93);
    const ledger = (await post("/api/inventory/ledger", { product_id: id })).json();
    expect(ledger.found_rows).toBe(2);
    expect(
      ledger.data.map((r: { action: string; quantity: number; ending_inventory: number }) => [
        r.action,
        r.quantity,
        r.ending_inventory,
      ]),
    ).toEqual([
      ["adjust", -7, 93],
      ["replenish", 100, 100],
    ]);
    expect(ledger.data[1]).toMatchObject({ palettes: 1, comment: "PO 5521", user_name: "Alex Morgan" });
  });

  it("sends one low-stock alert per crossing of the replenishment point", async () => {
    const before = await lowStockMails();
    await post("/api/inventory/adjust", { product_id: id, quantity: -80, comment: "Recount" }); // 93 → 13, above 10
    expect(await lowStockMails()).toBe(before);
    await post("/api/inventory/adjust", { product_id: id, quantity: -4, comment: "Recount" }); // 13 → 9: crosses
    expect(await lowStockMails()).toBe(before + 1);
    const order = (qty: number) =>
      post(
        "/api/order/add",
        {
          contact_name: "Maria Lopez",
          contact_phone: "415-555-0101",
          email: "m@happypaws.test",
          delivery_method_id: 1,
          items: [{ id, quantity: qty }],
        },
        t.practice,
      );
    expect((await order(5)).statusCode).toBe(200); // 9 → 4: still below, no new alert
    expect(await lowStockMails()).toBe(before + 1);
    await post("/api/inventory/replenish", { product_id: id, quantity: 50 }); // 4 → 54, back above
    expect((await order(20)).statusCode).toBe(200); // 54 → 34
    expect((await order(20)).statusCode).toBe(200); // 34 → 14: still above
    expect((await order(5)).statusCode).toBe(200); // 14 → 9: crosses again
    expect(await lowStockMails()).toBe(before + 2);
    const [mail] = await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "low_stock"));
    expect(mail?.to).toEqual(["ops@warehouse.test"]);
  });
});

describe("destroy", () => {
  const checkout = (items: unknown[], token = t.admin) =>
    post(
      "/api/order/add",
      {
        contact_name: "Alex Morgan",
        contact_phone: "800-555-0100",
        email: "ops@warehouse.test",
        delivery_method_id: 1,
        items,
      },
      token,
    );

  it("offers only in-inventory products of type 5, with the whole stock", async () => {
    const regular = await post("/api/product/destroy", { id: 144048 });
    expect(regular.statusCode).toBe(409);
    const [obsolete] = await t.db.select().from(products).where(eq(products.quickbooks_type_id, 5));
    const line = (await post("/api/product/destroy", { id: obsolete?.id })).json().data;
    expect(line).toMatchObject({ id: obsolete?.id, quantity: obsolete?.actual_inventory, is_destroy: true, price: 0 });
  });

  it("records a destroy order and 'destroy' ledger rows that take stock to zero", async () => {
    const [obsolete] = await t.db.select().from(products).where(eq(products.quickbooks_type_id, 5));
    const id = obsolete?.id as number;
    const quantity = obsolete?.actual_inventory as number;
    expect(
      (
        await checkout([
          { id, quantity, is_destroy: true },
          { id: 144048, quantity: 1 },
        ])
      ).json().error.message,
    ).toBe(MESSAGES.destroyOnlyCart);
    expect((await checkout([{ id, quantity, is_destroy: true }], t.practice)).statusCode).toBe(403);
    expect((await checkout([{ id, quantity: quantity - 1, is_destroy: true }])).statusCode).toBe(409);
    const res = await checkout([{ id, quantity, is_destroy: true }]);
    expect(res.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, res.json().data));
    expect(order).toMatchObject({ is_destroy: true, total_order_amount: 0 });
    expect(await stock(id)).toBe(0);
    const rows = await t.db
      .select()
      .from(inventory_transactions)
      .where(eq(inventory_transactions.order_id, res.json().data));
    expect(rows).toEqual([expect.objectContaining({ action: "destroy", quantity: -quantity, ending_inventory: 0 })]);
  });
});
