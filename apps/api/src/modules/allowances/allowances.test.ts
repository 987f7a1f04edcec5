import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "../../../test/helpers.ts";
import { accountOf, insertProgramme, ledgerMismatches } from "../../../test/support/allowances.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { email_outbox, order_products, orders, products } from "../../db/schema/index.ts";
import * as accounts from "./accounts.repository.ts";

/**
 * The allowance ledger (issue 23 §1, decision 039) through the real order and cancel paths: an
 * order's use is written with the order, a "refuse" programme refuses what the balance cannot take
 * and writes nothing, cancels and partial cancels give back, the period's end expires or rolls over,
 * and the ledger always equals the orders.
 */
const t = useSignedInApp();
const product = productMaker(
  t,
  { id: 981_000, name: "Allowance Brochure" },
  { max_quantity: 100, actual_inventory: 1000 },
  [[1, null, 250]],
);

const post = (url: string, payload: unknown, token = t.practice) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });
const place = (items: { id: number; quantity: number }[]) => post("/api/order/add", orderBody(items));
const linesOf = (orderId: number) => t.db.select().from(order_products).where(eq(order_products.order_id, orderId));
const orderCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;

describe("an order's use of its allowance", () => {
  it("writes the use with the order and gives back on a partial and a whole cancel", async () => {
    const [a, b] = [await product(), await product()];
    const programme = await insertProgramme(t.db, {
      name: "Ledger test",
      scope: "products",
      scope_ids: [a],
      default_allotted: 20,
    });
    const placed = await place([
      { id: a, quantity: 5 },
      { id: b, quantity: 3 },
    ]);
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data as number;
    // Only the line in the programme's scope counts.
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(15);

    const line = (await linesOf(orderId)).find((l) => l.product_id === a);
    const partial = await post(
      "/api/fulfilment/cancel",
      { order_id: orderId, lines: [{ order_product_id: line?.id, quantity: 2 }], note: "Two packs too many" },
      t.admin,
    );
    expect(partial.statusCode, partial.body).toBe(200);
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(17);

    const whole = await post("/api/order/cancel", { order_id: orderId });
    expect(whole.statusCode, whole.body).toBe(200);
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(20);
    const ledger = await queryRows<{ kind: string; delta: number }>(
      t.db,
      sql`select l.kind, l.delta from allowance_ledger l join allowance_accounts a on a.id = l.account_id
        where a.programme_id = ${programme} order by a.period_start, l.id`,
    );
    expect(ledger).toEqual([
      { kind: "allotment", delta: 20 },
      { kind: "order", delta: -5 },
      { kind: "cancel", delta: 2 },
      { kind: "cancel", delta: 3 },
    ]);
    expect(await ledgerMismatches(t.db, programme)).toEqual({ accounts: [], orders: [] });
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });

  it("refuses an order a refuse programme cannot take, naming it and what is left, and writes nothing", async () => {
    const a = await product();
    const programme = await insertProgramme(t.db, {
      name: "Client refuse",
      scope: "products",
      scope_ids: [a],
      default_allotted: 4,
    });
    const before = { orders: await orderCount(), stock: 1000 };
    const res = await place([{ id: a, quantity: 5 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("ALLOWANCE_EXCEEDED");
    expect(res.json().error.message).toContain("Client refuse");
    expect(res.json().error.message).toContain("4 of 4 packs left");
    expect(await orderCount()).toBe(before.orders);
    const [row] = await t.db.select({ n: products.actual_inventory }).from(products).where(eq(products.id, a));
    expect(row?.n).toBe(before.stock);
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(4);
    // Exactly the balance is fine.
    expect((await place([{ id: a, quantity: 4 }])).statusCode).toBe(200);
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(0);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });

  it("places an order over an approval or allow programme and counts it in dollars when the unit is dollars", async () => {
    const a = await product();
    const dollars = await insertProgramme(t.db, {
      name: "Dollar test",
      unit: "dollars",
      over_balance: "allow",
      scope: "products",
      scope_ids: [a],
      default_allotted: 1000,
    });
    const res = await place([{ id: a, quantity: 6 }]);
    expect(res.statusCode, res.body).toBe(200);
    // 6 packs at $2.50: 1500 cents from 1000.
    expect((await accountOf(t.db, dollars, t.practiceUserId))?.balance).toBe(-500);
    const cancel = await post("/api/order/cancel", { order_id: res.json().data });
    expect(cancel.statusCode).toBe(200);
    expect((await accountOf(t.db, dollars, t.practiceUserId))?.balance).toBe(1000);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${dollars}`);
  });

  it("emails the practice once when its use crosses the warning level", async () => {
    const a = await product();
    const programme = await insertProgramme(t.db, {
      name: "Warning test",
      scope: "products",
      scope_ids: [a],
      default_allotted: 10,
      warning_percent: 80,
    });
    const warnings = () =>
      t.db
        .select()
        .from(email_outbox)
        .where(and(eq(email_outbox.kind, "allowance_warning"), sql`${email_outbox.subject} like 'Warning test:%'`));
    expect((await place([{ id: a, quantity: 7 }])).statusCode).toBe(200);
    expect(await warnings()).toHaveLength(0);
    expect((await place([{ id: a, quantity: 1 }])).statusCode).toBe(200);
    const sent = await warnings();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("2 of 10 packs left");
    expect((await place([{ id: a, quantity: 1 }])).statusCode).toBe(200);
    expect(await warnings()).toHaveLength(1);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });
});

describe("the period's end", () => {
  const open = (day: string) => accounts.openAccounts(t.db, { customerId: 1850, userId: t.practiceUserId, day });
  const close = (day: string) => accounts.closePastPeriods(t.db, { userId: t.practiceUserId, day });
  const kinds = (programme: number) =>
    queryRows<{ period_start: string; kind: string; delta: number; balance: number }>(
      t.db,
      sql`select to_char(a.period_start, 'YYYY-MM-DD') as period_start, l.kind, l.delta, a.balance
        from allowance_ledger l join allowance_accounts a on a.id = l.account_id
        where a.programme_id = ${programme} order by a.period_start, l.id`,
    );

  it("expires the unused balance once, however often it is booked", async () => {
    const programme = await insertProgramme(t.db, {
      name: "Expiry test",
      scope: "products",
      scope_ids: [1],
      default_allotted: 30,
    });
    await open("2031-02-10");
    await open("2031-05-02");
    await Promise.all([close("2031-05-02"), close("2031-05-03")]);
    await close("2031-06-30");
    expect(await kinds(programme)).toEqual([
      { period_start: "2031-01-01", kind: "allotment", delta: 30, balance: 0 },
      { period_start: "2031-01-01", kind: "expiry", delta: -30, balance: 0 },
      { period_start: "2031-04-01", kind: "allotment", delta: 30, balance: 30 },
    ]);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });

  it("rolls the unused balance into the next period when the programme rolls over", async () => {
    const programme = await insertProgramme(t.db, {
      name: "Rollover test",
      period: "month",
      rollover: true,
      scope: "products",
      scope_ids: [1],
      default_allotted: 12,
    });
    await open("2032-03-15");
    await open("2032-04-01");
    await close("2032-04-01");
    await close("2032-04-20");
    expect(await kinds(programme)).toEqual([
      { period_start: "2032-03-01", kind: "allotment", delta: 12, balance: 0 },
      { period_start: "2032-03-01", kind: "rollover", delta: -12, balance: 0 },
      { period_start: "2032-04-01", kind: "allotment", delta: 12, balance: 24 },
      { period_start: "2032-04-01", kind: "rollover", delta: 12, balance: 24 },
    ]);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });
});

describe("concurrent orders against one balance", () => {
  it("commits exactly 20 packs of 50 simultaneous one-pack orders against a balance of 20 with refuse", async () => {
    const a = await product();
    const programme = await insertProgramme(t.db, {
      name: "Race test",
      scope: "products",
      scope_ids: [a],
      default_allotted: 20,
    });
    const results = await Promise.all(Array.from({ length: 50 }, () => place([{ id: a, quantity: 1 }])));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(20);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.json().error.code === "ALLOWANCE_EXCEEDED")).toBe(
      true,
    );
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(0);
    const lines = await t.db.select().from(order_products).where(eq(order_products.product_id, a));
    expect(lines.reduce((n, l) => n + l.quantity, 0)).toBe(20);
    expect(await ledgerMismatches(t.db, programme)).toEqual({ accounts: [], orders: [] });
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });
});
