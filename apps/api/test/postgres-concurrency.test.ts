import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { inventory_transactions, order_products, orders, products } from "../src/db/schema/index.ts";
import { bearer, queryRows } from "./helpers.ts";
import { useSignedInApp } from "./support/app.ts";
import { insertNamedProduct, orderBody } from "./support/fixtures.ts";

/**
 * Races that only a real server can show: PGlite runs one transaction at a time. The stock rule
 * must hold under 50 simultaneous orders (DESIGN §6).
 */
const t = useSignedInApp();

async function product(id: number, stock: number) {
  await insertNamedProduct(t.db, "Race Brochure", id, { max_quantity: 10, actual_inventory: stock }, [[1, null, 500]]);
}

const place = (productId: number, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/order/add",
    headers: { ...bearer(t.practice), ...headers },
    payload: orderBody([{ id: productId, quantity: 1 }]),
  });

describe("concurrent orders on PostgreSQL", () => {
  it("sells exactly the 20 packs in stock to 50 simultaneous orders, with a matching ledger", async () => {
    await product(980_001, 20);
    const results = await Promise.all(Array.from({ length: 50 }, () => place(980_001)));
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(20);
    expect(refused.every((r) => r.statusCode === 409 && r.json().error.code === "OUT_OF_STOCK")).toBe(true);

    const [row] = await t.db.select().from(products).where(eq(products.id, 980_001));
    expect(row?.actual_inventory).toBe(0);
    const ledger = await t.db
      .select()
      .from(inventory_transactions)
      .where(eq(inventory_transactions.product_id, 980_001));
    expect(ledger).toHaveLength(20);
    expect(ledger.reduce((s, l) => s + l.quantity, 0)).toBe(-20);
    expect(new Set(ledger.map((l) => l.ending_inventory))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i)));
    // No partial order: every stored order has its line, and only the 20 accepted ones exist.
    const lines = await t.db.select().from(order_products).where(eq(order_products.product_id, 980_001));
    expect(lines).toHaveLength(20);
    expect(new Set(lines.map((l) => l.order_id))).toEqual(new Set(ok.map((r) => r.json().data)));
  });

  it("would oversell with a read-then-write stock update (the guard the real code avoids)", async () => {
    // The naive version lives only here: read the balance, then write balance - 1 if it looked enough.
    await product(980_002, 20);
    const [current] = await queryRows<{ db: string }>(t.db, sql`select current_database() as db`);
    const target = new URL(process.env.TEST_DATABASE_URL as string);
    target.pathname = `/${current?.db}`;
    const naive = new pg.Pool({ connectionString: target.toString(), max: 20 });
    let sold = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = await naive.connect();
        try {
          await client.query("begin");
          const { rows } = await client.query("select actual_inventory from products where id = $1", [980_002]);
          await client.query("select pg_sleep(0.02)");
          if (rows[0].actual_inventory >= 1) {
            await client.query("update products set actual_inventory = $2 where id = $1", [
              980_002,
              rows[0].actual_inventory - 1,
            ]);
            sold++;
          }
          await client.query("commit");
        } finally {
          client.release();
        }
      }),
    );
    await naive.end();
    const [row] = await t.db.select().from(products).where(eq(products.id, 980_002));
    // More packs "sold" than were in stock, while the balance still shows some left: lost updates.
    expect(sold).toBeGreaterThan(20);
    expect(20 - sold).not.toBe(row?.actual_inventory);
  });

  it("creates one order for the same Idempotency-Key sent five times at once", async () => {
    await product(980_003, 100);
    const headers = { "idempotency-key": "double-click-5c0ffee1" };
    const results = await Promise.all(Array.from({ length: 5 }, () => place(980_003, headers)));
    const ids = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.json().data));
    expect(ids.size).toBe(1);
    const stored = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(sql`${orders.id} in (select order_id from order_products where product_id = 980003)`);
    expect(stored[0]?.n).toBe(1);
    const [row] = await t.db.select().from(products).where(eq(products.id, 980_003));
    expect(row?.actual_inventory).toBe(99);
  });
});
