import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  email_outbox,
  idempotency_keys,
  order_products,
  order_status_history,
  orders,
  products,
} from "../src/db/schema/index.ts";
import { bearer, queryRows } from "./helpers.ts";
import { rollupsAgainstRawRows } from "./rollups.ts";
import { useSignedInApp } from "./support/app.ts";
import { insertNamedProduct, ledgerOf, orderBody } from "./support/fixtures.ts";

/**
 * An order is read in one statement and written in another, with no transaction around them
 * (decision 018): the write is all or nothing, a request that cannot be placed first looks for its
 * Idempotency-Key, and the stock, ledger, low-stock alert and rollups come out as they did.
 */
const t = useSignedInApp({ OPERATIONS_EMAIL: "ops@warehouse.test" });

const post = (url: string, payload: unknown, token = t.practice, key?: string) =>
  t.app.inject({
    method: "POST",
    url,
    payload: payload as never,
    headers: { ...bearer(token), ...(key ? { "idempotency-key": key } : {}) },
  });

let nextId = 980_000;
async function product(values: Partial<typeof products.$inferInsert> = {}) {
  const id = nextId++;
  const defaults = { customer_sku: `PL-${id}`, max_quantity: 50, actual_inventory: 100, pick_fee_cents: 10 };
  return insertNamedProduct(t.db, "Placing Brochure", id, { ...defaults, ...values }, [[1, null, 500]]);
}

const order = (items: { id: number; quantity: number }[]) => orderBody(items);
const stockOf = async (id: number) =>
  (await t.db.select({ n: products.actual_inventory }).from(products).where(eq(products.id, id)))[0]?.n;
const orderCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;

describe("placing an order", () => {
  it("writes the order, its lines, ledger rows and status at one time, the ledger in product order", async () => {
    const [a, b, c] = [await product(), await product({ is_in_inventory: false }), await product()];
    const res = await post(
      "/api/order/add",
      order([
        { id: c, quantity: 3 },
        { id: b, quantity: 2 },
        { id: a, quantity: 4 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data as number;
    const ledger = await ledgerOf(t.db, id);
    expect(ledger.map((r) => [r.product_id, r.action, r.quantity, r.ending_inventory])).toEqual([
      [a, "sale", -4, 96],
      [c, "sale", -3, 97],
    ]);
    const [head] = await t.db.select({ created: orders.created }).from(orders).where(eq(orders.id, id));
    const lines = await t.db.select().from(order_products).where(eq(order_products.order_id, id));
    const [status] = await t.db.select().from(order_status_history).where(eq(order_status_history.order_id, id));
    const times = new Set([head, ...lines, ...ledger, status].map((r) => r?.created.getTime()));
    expect(times.size).toBe(1);
    expect(lines.map((l) => l.product_id)).toEqual([c, b, a]);
  });

  it("stores nothing, not even the key, when a concurrent order took the stock; the key places it later", async () => {
    const id = await product({ actual_inventory: 3 });
    const before = await orderCount();
    // Three packs left: the read finds the product orderable, the write refuses five.
    const refused = await post("/api/order/add", order([{ id, quantity: 5 }]), t.practice, "placing-refused-1");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: "OUT_OF_STOCK",
      fields: { [`items.${id}`]: `Placing Brochure ${id}: not enough stock for 5 packs.` },
    });
    expect(await orderCount()).toBe(before);
    expect(await stockOf(id)).toBe(3);
    const keys = await t.db.select().from(idempotency_keys).where(eq(idempotency_keys.key, "placing-refused-1"));
    expect(keys).toEqual([]);

    await post("/api/inventory/replenish", { product_id: id, quantity: 10 }, t.admin);
    const placed = await post("/api/order/add", order([{ id, quantity: 5 }]), t.practice, "placing-refused-1");
    expect(placed.statusCode).toBe(200);
    expect(await stockOf(id)).toBe(8);
  });

  it("answers a retried key with its order even when the order could no longer be placed", async () => {
    const id = await product({ actual_inventory: 4 });
    const first = await post("/api/order/add", order([{ id, quantity: 4 }]), t.practice, "placing-replay-1");
    expect(first.statusCode).toBe(200);
    // The stock is gone: a new order is refused, the retry of the first is answered.
    expect((await post("/api/order/add", order([{ id, quantity: 4 }]))).statusCode).toBe(409);
    const again = await post("/api/order/add", order([{ id, quantity: 4 }]), t.practice, "placing-replay-1");
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toBe(first.json().data);
    // Withdrawn since: still answered, and another request with the key is still refused.
    await t.db.update(products).set({ is_active: false }).where(eq(products.id, id));
    const withdrawn = await post("/api/order/add", order([{ id, quantity: 4 }]), t.practice, "placing-replay-1");
    expect(withdrawn.json().data).toBe(first.json().data);
    const other = await post("/api/order/add", order([{ id, quantity: 3 }]), t.practice, "placing-replay-1");
    expect(other.statusCode).toBe(422);
    expect(await stockOf(id)).toBe(0);
  });

  it("queues the low-stock alert with the order that crossed the replenishment point", async () => {
    const id = await product({ actual_inventory: 12, low_inventory_amount: 10 });
    const alerts = () =>
      t.db
        .select()
        .from(email_outbox)
        .where(and(eq(email_outbox.kind, "low_stock"), sql`${email_outbox.subject} like ${`%${id}%`}`))
        .orderBy(desc(email_outbox.id));
    const res = await post("/api/order/add", order([{ id, quantity: 5 }]));
    const orderId = res.json().data as number;
    const [alert] = await alerts();
    expect(alert).toMatchObject({
      to: ["ops@warehouse.test"],
      cc: [],
      subject: `Low stock: Placing Brochure ${id} (7 packs left)`,
      text: [
        `Placing Brochure ${id} (SKU PL-${id}) is down to 7 packs,`,
        "at or below its replenishment point of 10 packs.",
        `Last change: sale of -5 packs (order #${orderId}).`,
      ].join("\n"),
    });
    await post("/api/order/add", order([{ id, quantity: 2 }]));
    expect(await alerts()).toHaveLength(1);
  });

  it("keeps the rollups exact through a bulk insert of lines and the single orders after it", async () => {
    const id = await product({ is_in_inventory: false });
    const [first] = await queryRows<{ id: number }>(t.db, sql`select id from orders order by id limit 1`);
    await t.db.execute(sql`insert into order_products (order_id, product_id, product_name, quantity, unit_price_cents, total_price_cents)
      select o.id, ${id}, 'Bulk', 1, 100, 100 from orders o where o.id >= ${first?.id ?? 0}`);
    for (let i = 0; i < 3; i++)
      expect((await post("/api/order/add", order([{ id, quantity: 2 }]))).statusCode).toBe(200);
    const { productDays, productRaw, inventoryDays, inventoryRaw } = await rollupsAgainstRawRows(t.db);
    expect(productDays).toEqual(productRaw);
    expect(inventoryDays).toEqual(inventoryRaw);
  });
});
