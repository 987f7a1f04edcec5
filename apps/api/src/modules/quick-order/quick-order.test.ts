import {
  CART_MAX_LINES,
  QUICK_ORDER_MAX_CHARS,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderResult,
} from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "../../../test/helpers.ts";
import { insertProgramme } from "../../../test/support/allowances.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { productMaker } from "../../../test/support/fixtures.ts";
import { product_departments, products } from "../../db/schema/index.ts";

/**
 * Quick order (issue 23 §3, decision 041): lines of SKU and quantity checked against the practice's
 * catalogue and cart; the good ones go into the server cart, each refused one says why.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const quickOrder = async (text: string, token = t.practice): Promise<QuickOrderResult> => {
  const res = await post("/api/quick-order/add", { text }, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const makeProduct = productMaker(
  t,
  { id: 997_000, name: "Quick Leaflet" },
  { package_quantity: 25, max_quantity: 40, actual_inventory: 200 },
  [
    [1, 9, 900],
    [10, null, 700],
  ],
);

/** A product of the test's own with SKU `QO-<id>`; returns its id and SKU. */
async function skuProduct(values: Parameters<typeof makeProduct>[0] = {}) {
  const id = await makeProduct(values);
  const sku = values?.customer_sku ?? `QO-${id}`;
  await t.db.update(products).set({ customer_sku: sku }).where(eq(products.id, id));
  return { id, sku };
}

const emptyCart = () => post("/api/cart/replace", { items: [] });
const cartLines = async (token = t.practice) =>
  ((await post("/api/cart/query", {}, token)).json().data.items as { id: number; quantity: number }[]).map((i) => [
    i.id,
    i.quantity,
  ]);

describe("quick order: reading the lines", () => {
  it("adds lines typed with commas, tabs, semicolons or spaces, skipping blank lines and a header row", async () => {
    await emptyCart();
    const [a, b, c, d] = [await skuProduct(), await skuProduct(), await skuProduct(), await skuProduct()];
    const text = `Item Number\tQty\n\n${a.sku}\t3\r\n ${b.sku.toLowerCase()} ; 12 \n"${c.sku}",2\n\n${d.sku} 1\n`;
    const result = await quickOrder(text);
    expect(result.header_skipped).toBe(true);
    expect(result.refused).toBe(0);
    expect(result.lines.map((l) => [l.line, l.status, l.quantity, l.product?.id])).toEqual([
      [3, "added", 3, a.id],
      [4, "added", 12, b.id],
      [5, "added", 2, c.id],
      [7, "added", 1, d.id],
    ]);
    // The price of the line's quantity tier: 12 packs are at the 10-and-up price.
    expect(result.lines.map((l) => [l.product?.unit_price_cents, l.product?.line_total_cents])).toEqual([
      [900, 2700],
      [700, 8400],
      [900, 1800],
      [900, 900],
    ]);
    expect(await cartLines()).toEqual([
      [a.id, 3],
      [b.id, 12],
      [c.id, 2],
      [d.id, 1],
    ]);
    expect(result.cart.items.map((i) => [i.id, i.quantity])).toEqual(await cartLines());
  });

  it("takes the columns a spreadsheet's header names, with a name column between", async () => {
    await emptyCart();
    const a = await skuProduct();
    const result = await quickOrder(`Qty,Description,SKU\n4,Leaflet,${a.sku}`);
    expect(result.lines.map((l) => [l.status, l.quantity, l.product?.id])).toEqual([["added", 4, a.id]]);
    // Without a header, the quantity is the last filled cell after the SKU.
    const b = await skuProduct();
    const plain = await quickOrder(`${b.sku}\tSome leaflet\t\t6`);
    expect(plain.lines.map((l) => [l.status, l.quantity])).toEqual([["added", 6]]);
  });

  it("adds to what the cart already holds, and merges repeated SKUs into one line", async () => {
    await emptyCart();
    const a = await skuProduct();
    await post("/api/cart/update", { items: [{ id: a.id, quantity: 5 }] });
    const result = await quickOrder(`${a.sku},3\nsomething-else-${a.id},1\n${a.sku.toLowerCase()},4`);
    const [first, unknown] = result.lines;
    expect(result.lines).toHaveLength(2);
    expect(first).toMatchObject({ line: 1, merged_lines: [3], quantity: 7, status: "added", in_cart: 12 });
    expect(first?.message).toBe("Added 7 packs (lines 1, 3 together). Your cart now holds 12 packs.");
    // The price of the tier the cart's 12 packs fall in.
    expect(first?.product?.unit_price_cents).toBe(700);
    expect(unknown?.reason).toBe("unknown_sku");
    expect(await cartLines()).toEqual([[a.id, 12]]);
  });
});

describe("quick order: each refused line says why and changes nothing", () => {
  it("refuses a missing SKU, a quantity that is not a whole number of packs, and an unknown SKU", async () => {
    await emptyCart();
    const a = await skuProduct();
    const result = await quickOrder(`,3\n${a.sku},2.5\n${a.sku},ten\n${a.sku},0\n${a.sku}\nNO-SUCH-SKU,1\n"${a.sku},2`);
    expect(result.lines.map((l) => [l.line, l.reason])).toEqual([
      [1, "missing_sku"],
      [2, "bad_quantity"],
      [3, "bad_quantity"],
      [4, "bad_quantity"],
      [5, "bad_quantity"],
      [6, "unknown_sku"],
      [7, "bad_quantity"],
    ]);
    expect(result.lines.map((l) => l.message)).toEqual([
      "The SKU is missing: write the SKU, then the number of packs.",
      '"2.5" is not a whole number: only whole packs can be ordered.',
      '"ten" is not a quantity: write a whole number of packs.',
      "The quantity must be at least 1 pack.",
      "The quantity is missing: write the SKU, then the number of packs.",
      'No product with SKU "NO-SUCH-SKU" in your catalogue.',
      "The quantity is missing: write the SKU, then the number of packs.",
    ]);
    expect(result.added).toBe(0);
    expect(await cartLines()).toEqual([]);
  });

  it("refuses quantities outside the minimum, the maximum (with the cart), the pack list or the stock", async () => {
    await emptyCart();
    const min = await skuProduct({ min_quantity: 5 });
    const max = await skuProduct({ max_quantity: 10 });
    const list = await skuProduct({ use_quantities_dropdown: true, quantity_list: "5, 10, 25" });
    const low = await skuProduct({ actual_inventory: 4 });
    const none = await skuProduct({ actual_inventory: 0 });
    const untracked = await skuProduct({ actual_inventory: 0, no_order_below_zero_inventory: false });
    await post("/api/cart/update", { items: [{ id: max.id, quantity: 8 }] });
    const result = await quickOrder(
      [`${min.sku},2`, `${max.sku},3`, `${list.sku},7`, `${low.sku},6`, `${none.sku},1`, `${untracked.sku},3`].join(
        "\n",
      ),
    );
    expect(result.lines.map((l) => [l.line, l.status, l.reason, l.message])).toEqual([
      [1, "refused", "below_min", "Below the minimum of 5 packs."],
      [2, "refused", "above_max", "Above the maximum of 10 packs. Your cart already holds 8 packs."],
      [3, "refused", "not_offered", "Not sold in 7 packs: this product comes in 5, 10 or 25 packs."],
      [4, "refused", "not_enough_stock", "Not enough stock: only 4 packs left."],
      [5, "refused", "not_enough_stock", "Out of stock: none left."],
      [6, "added", null, "Added 3 packs."],
    ]);
    expect(await cartLines()).toEqual([
      [max.id, 8],
      [untracked.id, 3],
    ]);
  });

  it("refuses a SKU two products carry", async () => {
    await emptyCart();
    await skuProduct({ customer_sku: "QO-TWIN" });
    await skuProduct({ customer_sku: "qo-twin " });
    const [line] = (await quickOrder("QO-TWIN,1")).lines;
    expect(line?.reason).toBe("ambiguous_sku");
    expect(await cartLines()).toEqual([]);
  });

  it("refuses a product beyond the cart's 100 products", async () => {
    await emptyCart();
    const ids = Array.from({ length: CART_MAX_LINES }, (_, i) => 997_500 + i);
    await t.db.insert(products).values(
      ids.map((id) => ({
        id,
        customer_id: 1850,
        product_category_id: 2101,
        name: `Filler ${id}`,
        actual_inventory: 100,
      })),
    );
    await post("/api/cart/replace", { items: ids.map((id) => ({ id, quantity: 1 })) });
    const a = await skuProduct();
    const [line, again] = (await quickOrder(`${a.sku},1\nVP-FILLER,1`)).lines;
    expect(line?.reason).toBe("cart_full");
    expect(again?.reason).toBe("unknown_sku");
    // A product already in the cart still takes more.
    await t.db.update(products).set({ customer_sku: "QO-FILLER" }).where(eq(products.id, 997_500));
    expect((await quickOrder("QO-FILLER,2")).lines[0]?.in_cart).toBe(3);
  });
});

describe("quick order: only the catalogue the practice may see", () => {
  it("refuses the SKU of a product hidden by state, department, activity, or of another customer", async () => {
    await emptyCart();
    const nyOnly = await skuProduct({ product_category_id: 2217 });
    const inactive = await skuProduct({ is_active: false });
    const otherDepartment = await skuProduct();
    const [department] = await queryRows<{ id: number }>(
      t.db,
      sql`select id from departments where id is distinct from (select department_id from users where id = ${t.practiceUserId}) order by id limit 1`,
    );
    await t.db
      .insert(product_departments)
      .values({ product_id: otherDepartment.id, department_id: department?.id as number });
    const otherCustomer = await skuProduct();
    await t.db.execute(sql`insert into customers (id, name) values (9901, 'Other sponsor') on conflict do nothing`);
    await t.db.execute(sql`insert into product_categories (id, customer_id, name) values (9901, 9901, 'Theirs')`);
    await t.db
      .update(products)
      .set({ customer_id: 9901, product_category_id: 9901 })
      .where(eq(products.id, otherCustomer.id));
    const result = await quickOrder(
      [nyOnly, inactive, otherDepartment, otherCustomer].map((p) => `${p.sku},1`).join("\n"),
    );
    expect(result.lines.map((l) => [l.reason, l.product])).toEqual([
      ["unknown_sku", null],
      ["unknown_sku", null],
      ["unknown_sku", null],
      ["unknown_sku", null],
    ]);
    expect(await cartLines()).toEqual([]);
  });
});

describe("quick order: text the portal will not read", () => {
  it.each([
    ["nothing", { text: "" }, "Type or paste at least one line of SKU and quantity."],
    ["blank lines", { text: "\n  \n\t\n" }, "Type or paste at least one line of SKU and quantity."],
    ["a header alone", { text: "SKU,Quantity\n" }, "Type or paste at least one line of SKU and quantity."],
    [
      "too many lines",
      { text: Array.from({ length: QUICK_ORDER_MAX_LINES + 1 }, (_, i) => `S${i},1`).join("\n") },
      `${QUICK_ORDER_MAX_LINES + 1} lines is too many: a quick order takes at most ${QUICK_ORDER_MAX_LINES} lines. Split it in two.`,
    ],
    ["too long", { text: "x".repeat(QUICK_ORDER_MAX_CHARS + 1) }, undefined],
    ["a NUL character", { text: "A\u0000,1" }, undefined],
    ["not text", { text: ["A,1"] }, undefined],
    ["no text", {}, undefined],
  ])("answers 400 for %s, and the cart is unchanged", async (_name, body, message) => {
    await emptyCart();
    const res = await post("/api/quick-order/add", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().result).toBe(0);
    if (message) expect(res.json().error.fields.text).toBe(message);
    expect(res.body).not.toMatch(/stack|at .*\.ts/);
    expect(await cartLines()).toEqual([]);
  });

  it("answers 401 without a sign-in", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/quick-order/add", payload: { text: "A,1" } });
    expect(res.statusCode).toBe(401);
  });
});

describe("quick order: concurrent quick orders of one cart", () => {
  it("never take a product past its maximum: eight orders of 3 against a maximum of 10 add exactly three", async () => {
    await emptyCart();
    const a = await skuProduct({ max_quantity: 10 });
    const results = await Promise.all(Array.from({ length: 8 }, () => quickOrder(`${a.sku},3`)));
    const statuses = results.map((r) => r.lines[0]?.status);
    expect(statuses.filter((s) => s === "added")).toHaveLength(3);
    expect(statuses.filter((s) => s === "refused")).toHaveLength(5);
    expect(await cartLines()).toEqual([[a.id, 9]]);
  });
});

describe("product search by SKU", () => {
  it("finds a product by part of its SKU as well as by name", async () => {
    const a = await skuProduct({ customer_sku: "QO-SEARCH-7781" });
    const bySku = await post("/api/product/list", { name: "search-77" });
    expect(bySku.json().data.map((p: { id: number }) => p.id)).toEqual([a.id]);
    const byName = await post("/api/product/list", { name: `Quick Leaflet ${a.id}` });
    expect(byName.json().data.map((p: { id: number }) => p.id)).toEqual([a.id]);
    // The administrator's product list filters the same way.
    const admin = await post("/api/product/list", { name: "qo-search" }, t.admin);
    expect(admin.json().data.map((p: { id: number }) => p.id)).toEqual([a.id]);
  });
});

describe("quick order: the practice's allowance", () => {
  it("refuses a line a 'refuse' programme's balance is too short for, and adds the others", async () => {
    await emptyCart();
    const [short, other] = [await skuProduct(), await skuProduct()];
    const programme = await insertProgramme(t.db, {
      name: "Quick allowance",
      scope: "products",
      scope_ids: [short.id],
      default_allotted: 5,
    });
    try {
      const result = await quickOrder(`${short.sku},6\n${other.sku},3`);
      expect(result.lines.map((l) => [l.sku, l.status, l.reason])).toEqual([
        [short.sku, "refused", "over_allowance"],
        [other.sku, "added", null],
      ]);
      expect(result.lines[0]?.message).toBe("Over your allowance: Quick allowance has 5 of 5 packs left.");
      expect(await cartLines()).toEqual([[other.id, 3]]);
      // Within the balance the same line is added.
      expect((await quickOrder(`${short.sku},5`)).lines[0]?.status).toBe("added");
    } finally {
      await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
    }
  });
});
