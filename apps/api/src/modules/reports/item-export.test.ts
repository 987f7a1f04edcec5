import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, queryRows, signInAdmin } from "../../../test/helpers.ts";
import { order_products, orders } from "../../db/schema/index.ts";

/**
 * The item CSV reads its lines order by order, newest order first, so that its first row streams at
 * once (report-sql.ts "newest-orders-first", docs/decisions/019). Its rows and their order must stay
 * what they were when every line was sorted first: each line with packs not cancelled of the matching
 * orders, newest order first and, among orders of the same instant, the highest line id first. The
 * expected rows here are computed in JavaScript from the raw tables of the seeded demo history, plus
 * two orders placed at the same instant whose line ids interleave.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
const EVERYTHING = { date_from: "2000-01-01", date_to: "2099-12-31" };
const twins = { first: 0, second: 0 };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInAdmin(t.app)).access_token;
  const [user] = await queryRows<{ id: number; department_id: number }>(
    t.db,
    sql`select id, department_id from users where customer_id = 1850 and department_id is not null order by id limit 1`,
  );
  const productIds = (
    await queryRows<{ id: number }>(t.db, sql`select id from products where customer_id = 1850 order by id limit 3`)
  ).map((p) => p.id);
  const at = new Date(Date.now() - 3 * 86_400_000);
  const order = async () => {
    const [row] = await t.db
      .insert(orders)
      .values({
        customer_id: 1850,
        user_id: user?.id ?? 0,
        department_id: user?.department_id ?? null,
        delivery_method_id: 1,
        contact_name: "Twin Orders",
        contact_phone: "555-555-0100",
        email: "twins@reports.test",
        ship_name: "Twin Clinic",
        ship_line1: "2 Test Way",
        ship_city: "Testville",
        ship_state: "CA",
        ship_zip_code: "94105",
        total_items_amount: 3000,
        created: at,
      })
      .returning({ id: orders.id });
    return row?.id ?? 0;
  };
  twins.first = await order();
  twins.second = await order();
  // One line at a time, alternating between the two orders, so their line ids interleave; the
  // second order's middle line is fully cancelled and must not appear.
  for (const [i, productId] of productIds.entries())
    for (const orderId of [twins.first, twins.second])
      await t.db.insert(order_products).values({
        order_id: orderId,
        product_id: productId,
        product_name: `Twin line ${i}`,
        quantity: 2,
        cancelled_quantity: orderId === twins.second && i === 1 ? 2 : 0,
        unit_price_cents: 500,
        total_price_cents: 1000,
        created: at,
      });
});
afterAll(() => t.close());

/** [order id, line id] of each data row of the item CSV for the filter. */
async function exportedLines(filter: Record<string, unknown>): Promise<[number, number][]> {
  const made = await t.app.inject({
    method: "POST",
    url: "/api/report/export",
    payload: { report: "order", filter: { search_by: 4, ...EVERYTHING, ...filter } },
    headers: bearer(admin),
  });
  expect(made.statusCode, made.body).toBe(200);
  const res = await t.app.inject({ method: "GET", url: made.json().data.url });
  expect(res.statusCode).toBe(200);
  const [header, ...rows] = res.body.trimEnd().split("\n");
  expect(header).toMatch(/^Order ID,Line ID,Created \(PT\),Department,User,Product,Quantity,Total Price/);
  return rows.map((r) => {
    const [, orderId, lineId] = /^(\d+),(\d+),/.exec(r) ?? [];
    return [Number(orderId), Number(lineId)];
  });
}

/** The same lines from the raw tables, sorted here: newest order first, then the highest line id. */
async function expectedLines(where: ReturnType<typeof sql>): Promise<[number, number][]> {
  const rows = await queryRows<{ order_id: number; id: number; created_us: string }>(
    t.db,
    sql`select op.order_id, op.id, (extract(epoch from o.created) * 1000000)::int8::text as created_us
      from order_products op join orders o on o.id = op.order_id join products p on p.id = op.product_id
      where o.customer_id = 1850 and op.quantity > op.cancelled_quantity and ${where}`,
  );
  return rows
    .sort((a, b) => {
      const byTime = BigInt(b.created_us) - BigInt(a.created_us);
      return byTime !== 0n ? (byTime > 0n ? 1 : -1) : b.id - a.id;
    })
    .map((r) => [r.order_id, r.id]);
}

describe("item CSV export", () => {
  it("has every line with packs not cancelled, newest order first, then the highest line id", async () => {
    const expected = await expectedLines(sql`true`);
    expect(expected.length).toBeGreaterThan(100);
    expect(await exportedLines({})).toEqual(expected);
  });

  it("orders the lines of orders placed at the same instant by line id across both orders", async () => {
    const lines = (await exportedLines({})).filter(([order]) => order === twins.first || order === twins.second);
    expect(lines.map(([order]) => order)).toEqual([twins.second, twins.first, twins.first, twins.second, twins.first]);
    expect(lines.map(([, line]) => line)).toEqual([...lines.map(([, line]) => line)].sort((a, b) => b - a));
  });

  it("keeps the rows and order under a product keyword, a department and the shipping date", async () => {
    expect(await exportedLines({ keyword_search: "Dental" })).toEqual(
      await expectedLines(sql`(p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')`),
    );
    const [department] = await queryRows<{ id: number }>(
      t.db,
      sql`select department_id as id from orders where customer_id = 1850 and department_id is not null
        group by 1 order by count(*) desc limit 1`,
    );
    expect(await exportedLines({ department_id: department?.id })).toEqual(
      await expectedLines(sql`o.department_id = ${department?.id}`),
    );
    // Dated by shipping, a line counts by its own ship day (decision 045): a line shipped ahead of its order's rest too.
    expect(await exportedLines({ date_by: "shipped" })).toEqual(
      await expectedLines(sql`coalesce(op.date_shipped, o.date_shipped) is not null`),
    );
  });
});
