import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "./helpers.ts";
import { rollupsAgainstRawRows } from "./rollups.ts";
import { useSignedInApp } from "./support/app.ts";
import { insertNamedProduct, orderBody } from "./support/fixtures.ts";

/**
 * The report rollups kept by deltas (decision 010): a write changes only the rollup rows of its own
 * lines and ledger rows, and every kind of write — including hand-run SQL — keeps them equal to the
 * figures computed from the raw rows.
 */
const t = useSignedInApp();

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

async function product(id: number, tracked: boolean) {
  const values = { max_quantity: 20, is_in_inventory: tracked, actual_inventory: 500, pick_fee_cents: 40 };
  await insertNamedProduct(t.db, "Rollup Brochure", id, values, [[1, null, 700 + (id % 100)]]);
}

async function place(items: { id: number; quantity: number }[]): Promise<number> {
  const res = await post("/api/order/add", orderBody(items));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const productRow = async (productId: number) =>
  (
    await queryRows<{ created: unknown; updated: unknown; lines: number }>(
      t.db,
      sql`select created::text, updated::text, lines from report_product_days where product_id = ${productId}`,
    )
  )[0];

async function expectExact(step: string) {
  const { productDays, productRaw, inventoryDays, inventoryRaw } = await rollupsAgainstRawRows(t.db);
  expect(productDays, step).toEqual(productRaw);
  expect(inventoryDays, step).toEqual(inventoryRaw);
}

describe("report rollups kept by deltas", () => {
  it("leaves the rollup rows of other orders alone when an order is placed or its status changes", async () => {
    await product(970_001, false);
    await product(970_002, false);
    const first = await place([{ id: 970_001, quantity: 2 }]);
    const before = await productRow(970_001);
    expect(before?.lines).toBe(1);

    await place([{ id: 970_002, quantity: 3 }]);
    await t.db.execute(sql`update orders set order_status_id = 2 where id = ${first}`);
    // The same row, never deleted and written again: its own timestamps are unchanged.
    expect(await productRow(970_001)).toEqual(before);
    await expectExact("after the second order and a status change");
  });

  it("stays equal to the raw rows through every kind of write to orders, lines and the ledger", async () => {
    await product(970_011, true);
    await product(970_012, true);
    await product(970_013, false);
    const a = await place([
      { id: 970_011, quantity: 4 },
      { id: 970_012, quantity: 7 },
      { id: 970_013, quantity: 5 },
    ]);
    const b = await place([
      { id: 970_011, quantity: 3 },
      { id: 970_013, quantity: 2 },
    ]);
    const untracked = await place([{ id: 970_013, quantity: 9 }]);
    await expectExact("after placing");

    await t.db.execute(
      sql`update order_products set cancelled_quantity = 1 where order_id = ${a} and product_id = 970011`,
    );
    await expectExact("a partial cancel");
    await t.db.execute(
      sql`update orders set shipping_amount = shipping_amount + 123, tax_amount = tax_amount + 45 where id = ${a}`,
    );
    await expectExact("new order amounts");
    await t.db.execute(sql`update orders set created = created - interval '3 days' where id = ${b}`);
    await expectExact("an order moved to another day");
    await t.db.execute(
      sql`update order_products set product_id = 970012, unit_price_cents = unit_price_cents + 10
        where order_id = ${b} and product_id = 970011`,
    );
    await expectExact("a line moved to another product and price");
    await t.db.execute(
      sql`update order_products set quantity = quantity + 1, tracking_number = 'Z1' where order_id in (${a}, ${b})`,
    );
    await expectExact("one statement over lines of two orders on two days");
    await t.db.execute(sql`update order_products set tracking_number = 'Z2' where order_id = ${a}`);
    await expectExact("a change that counts for nothing");
    await t.db.execute(sql`delete from order_products where order_id = ${a} and product_id = 970013`);
    await expectExact("a line deleted");
    await t.db.execute(sql`delete from orders where id = ${untracked}`);
    await expectExact("an order deleted with its lines");

    const cancel = await post("/api/order/cancel", { order_id: a });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await expectExact("an order cancelled");

    await post("/api/inventory/replenish", { product_id: 970_012, quantity: 40, comment: "Fill" }, t.admin);
    await post("/api/inventory/adjust", { product_id: 970_012, quantity: -6, comment: "Count" }, t.admin);
    await expectExact("a fill and an adjustment");
    await t.db.execute(
      sql`update inventory_transactions set created = created - interval '1 day' where product_id = 970012 and action = 'adjust'`,
    );
    await expectExact("a ledger row moved to another day");
    await t.db.execute(
      sql`update inventory_transactions set quantity = quantity + 2 where product_id in (970011, 970012)`,
    );
    await expectExact("ledger rows of two products changed in one statement");
    await t.db.execute(sql`delete from inventory_transactions where product_id = 970012 and action = 'replenish'`);
    await expectExact("a ledger row deleted");
  });

  it("never counts a destroy order's lines (migration 0013), also when an order becomes or stops being one", async () => {
    await product(970_021, true);
    await t.db.execute(sql`update products set quickbooks_type_id = 5 where id = 970021`);
    await place([{ id: 970_021, quantity: 3 }]);
    const destroyed = await post(
      "/api/order/add",
      { items: [{ id: 970_021, quantity: 497, is_destroy: true }] },
      t.admin,
    );
    expect(destroyed.statusCode, destroyed.body).toBe(200);
    const quantity = async () =>
      (
        await queryRows<{ quantity: number }>(
          t.db,
          sql`select quantity::int from report_product_days where product_id = 970021`,
        )
      )[0]?.quantity;
    expect(await quantity()).toBe(3);
    await expectExact("a sale and a destroy order");
    await t.db.execute(sql`update orders set is_destroy = false where id = ${destroyed.json().data}`);
    expect(await quantity()).toBe(500);
    await expectExact("an order that stops being a destroy order");
    await t.db.execute(sql`update orders set is_destroy = true where id = ${destroyed.json().data}`);
    expect(await quantity()).toBe(3);
    await expectExact("an order that becomes one");
  });
});
