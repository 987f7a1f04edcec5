import { randomUUID } from "node:crypto";
import { ORDER_STATUS, portalDay } from "@vetportal/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, NY_PRACTICE, PRACTICE } from "./helpers.ts";
import { type ApiProcess, useApiBundle } from "./support/api-process.ts";
import { orderBody } from "./support/fixtures.ts";
import { useOwnPostgresDatabase } from "./support/own-database.ts";
import {
  type Answer,
  addAdministrator,
  call,
  insertProduct,
  insertProgramme,
  ledgerMismatches,
  naiveRace,
  signInTo,
  withKey,
} from "./support/programme-races.ts";

/**
 * Every write path of the sponsor's programme (issue 23) raced by two API processes on one
 * PostgreSQL database (decisions 039–043): orders against a "refuse" balance, approval decisions
 * (one tier and two), administrators' adjustments and CSV imports, quick order into one cart, two
 * administrators ordering for one practice, and the audit trail under concurrent changes. Each race
 * asserts the invariant the lock keeps; where cheap, a read-then-write version of the same path is
 * shown to break it on the same database. One database and one pair of processes for all of them.
 */
const P = {
  REFUSE: 978_001,
  DECIDE: 978_002,
  NAIVE_DECIDE: 978_003,
  TIER: 978_004,
  ADJUST: 978_005,
  DESK: 978_009,
  EXPIRE: 978_010,
  OVER: 978_011,
} as const;
const Q = { MAX: 978_006, ALLOW: 978_007, BEHALF: 978_008 } as const;
const api = useApiBundle("programme-races");
// Processes that start together on an empty database migrate and seed it once (decision 024).
const ownDb = useOwnPostgresDatabase({ empty: true, prefix: "vp_races" });
let sql: pg.Client;
let naive: pg.Pool;
let processes: ApiProcess[] = [];
type Who = Awaited<ReturnType<typeof signInTo>>;
let practice: Who;
let admin: Who;
let admin2: Who;
let approver: Who;

/** The base URL of process i % 2: consecutive requests alternate between the two. */
const base = (i: number) => processes[i % 2]?.base as string;
const rows = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];
const stockOf = async (id: number) =>
  (await rows<{ s: number }>("select actual_inventory as s from products where id = $1", [id]))[0]?.s as number;
const codes = (answers: Answer[]) => answers.map((a) => a.status).sort();

beforeAll(async () => {
  const url = ownDb.url;
  await api.build();
  // The approvals' reminder and expiry job runs every second in both processes (its race below).
  const env = { DATABASE_URL: url, DATABASE_POOL_SIZE: "6", SEED_DEMO_DATA: "true", APPROVAL_JOB_INTERVAL_MS: "1000" };
  processes = await Promise.all([api.start(env), api.start(env)]);
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  naive = new pg.Pool({ connectionString: url, max: 12 });
  // Its idle connections may still be closing when afterAll drops the database (which cuts them).
  naive.on("error", () => {});
  // A second administrator (the demo administrator's password) and the demo approver.
  await addAdministrator(sql, "admin2@races.test", ADMIN.email);
  [practice, admin, admin2, approver] = await Promise.all([
    signInTo(base(0), { method: "address", ...PRACTICE }),
    signInTo(base(0), { method: "password", ...ADMIN }),
    signInTo(base(1), { method: "password", email: "admin2@races.test", password: ADMIN.password }),
    signInTo(base(1), { method: "password", email: "approver@vetportal.example", password: ADMIN.password }),
  ]);
  await insertProduct(sql, P.REFUSE, { name: "Race: refuse balance", max: 10 });
  await insertProduct(sql, P.DECIDE, { name: "Race: decisions" });
  await insertProduct(sql, P.NAIVE_DECIDE, { name: "Race: naive decisions" });
  await insertProduct(sql, P.TIER, { name: "Race: two tiers" });
  await insertProduct(sql, P.ADJUST, { name: "Race: adjustments" });
  await insertProduct(sql, P.DESK, { name: "Race: desk and decisions" });
  await insertProduct(sql, P.EXPIRE, { name: "Race: reminders and expiry" });
  await insertProduct(sql, P.OVER, { name: "Race: over an approval balance" });
  await insertProduct(sql, Q.MAX, { name: "Race: quick order max", max: 10, sku: "RACE-QMAX" });
  await insertProduct(sql, Q.ALLOW, { name: "Race: quick order allowance", sku: "RACE-QALLOW" });
  await insertProduct(sql, Q.BEHALF, { name: "Race: on behalf" });
}, 120_000);

afterAll(async () => {
  api.cleanUp();
  await naive?.end();
  await sql?.end();
});

const place = (i: number, productId: number, quantity: number, token = practice.token, headers = {}) =>
  call(base(i), "/api/order/add", orderBody([{ id: productId, quantity }]), token, headers);

describe("orders against a refuse balance", () => {
  it("places exactly 20 of 50 simultaneous one-pack orders against a balance of 20; the ledger equals the orders", async () => {
    const id = await insertProgramme(sql, {
      name: "Two-process race",
      products: [P.REFUSE],
      allotted: 20,
      over: "refuse",
    });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => place(i, P.REFUSE, 1)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status !== 200).map((r) => r.json.error?.code)).toEqual(
      Array(30).fill("ALLOWANCE_EXCEEDED"),
    );
    expect(await rows("select balance from allowance_accounts where programme_id = $1", [id])).toEqual([
      { balance: 0 },
    ]);
    expect(await ledgerMismatches(sql, id)).toEqual({ accounts: [], orders: [] });
    const [used] = await rows<{ ordered: number }>(
      "select sum(quantity)::int as ordered from order_products where product_id = $1",
      [P.REFUSE],
    );
    expect(used?.ordered).toBe(20);
  });

  it("would overspend with a read-then-write balance (the guard the real write avoids)", async () => {
    const id = await insertProgramme(sql, { name: "Naive race", products: [P.REFUSE], allotted: 20, over: "refuse" });
    const [account] = await rows<{ id: number }>(
      `insert into allowance_accounts (programme_id, user_id, period_start, allotted, balance)
       values ($1, $2, date '2000-01-01', 20, 20) returning id`,
      [id, practice.userId],
    );
    let taken = 0;
    await naiveRace(
      naive,
      50,
      async (c) =>
        (await c.query("select balance from allowance_accounts where id = $1", [account?.id])).rows[0].balance,
      async (c, balance: number) => {
        if (balance < 1) return;
        await c.query("update allowance_accounts set balance = $2 where id = $1", [account?.id, balance - 1]);
        taken++;
      },
    );
    expect(taken).toBeGreaterThan(20);
  });
});

describe("orders against an approval balance", () => {
  it("places Active only the orders the locked balance could take; the rest wait for approval", async () => {
    const id = await insertProgramme(sql, {
      name: "Approval race",
      products: [P.OVER],
      allotted: 10,
      over: "approval",
    });
    const placed = await Promise.all(Array.from({ length: 10 }, (_, i) => place(i, P.OVER, 3)));
    expect(placed.map((r) => r.status)).toEqual(Array(10).fill(200));
    const statuses = await rows<{ order_status_id: number; n: number }>(
      `select o.order_status_id, count(*)::int as n from orders o join order_products op on op.order_id = o.id
       where op.product_id = $1 group by o.order_status_id order by o.order_status_id`,
      [P.OVER],
    );
    // Three orders of 3 fit a balance of 10; each later one goes over and waits. A status decided from
    // a read before the lock lets several of the simultaneous orders through as Active.
    expect(statuses).toEqual([
      { order_status_id: ORDER_STATUS.ACTIVE, n: 3 },
      { order_status_id: ORDER_STATUS.PENDING_APPROVAL, n: 7 },
    ]);
    expect(await rows("select balance from allowance_accounts where programme_id = $1", [id])).toEqual([
      { balance: -20 },
    ]);
    expect(await ledgerMismatches(sql, id)).toEqual({ accounts: [], orders: [] });
  });
});

const decide = (i: number, orderId: number, tier: number, decision: "approve" | "reject", token: string) =>
  call(base(i), "/api/approvals/decide", { order_id: orderId, tier, decision, note: `${decision} ${i}` }, token);

/** The decisions an order's request has, by tier. */
const decisionsOf = (orderId: number) =>
  rows<{ tier: number; decision: string }>(
    `select d.tier, d.decision from approval_decisions d join approval_requests r on r.id = d.request_id
     where r.order_id = $1 order by d.tier`,
    [orderId],
  );
const countOf = async (text: string, values: unknown[]) => (await rows<{ n: number }>(text, values))[0]?.n;

/** Places `n` orders of 2 packs at once through both processes; each must wait for approval. */
async function pendingOrders(productId: number, n: number) {
  const placed = await Promise.all(Array.from({ length: n }, (_, i) => place(i, productId, 2)));
  expect(placed.map((r) => r.status)).toEqual(Array(n).fill(200));
  const ids = placed.map((r) => r.json.data as number);
  const statuses = await rows<{ order_status_id: number }>(
    "select order_status_id from orders where id = any($1::int[])",
    [ids],
  );
  expect(statuses.map((s) => s.order_status_id)).toEqual(Array(n).fill(ORDER_STATUS.PENDING_APPROVAL));
  return ids;
}

describe("approval decisions", () => {
  it("lets exactly one of four simultaneous decisions win on each order: stock and allowance released once, one email", async () => {
    const programme = await insertProgramme(sql, {
      name: "Decision race",
      products: [P.DECIDE],
      allotted: 1,
      over: "approval",
    });
    const stock = await stockOf(P.DECIDE);
    const ids = await pendingOrders(P.DECIDE, 8);
    expect(await stockOf(P.DECIDE)).toBe(stock - 16);
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all([
          decide(0, id, 1, "approve", approver.token),
          decide(1, id, 1, "reject", admin.token),
          decide(1, id, 1, "approve", approver.token),
          decide(0, id, 1, "reject", admin2.token),
        ]),
      ),
    );
    let approved = 0;
    for (const [n, id] of ids.entries()) {
      expect(codes(answers[n] as Answer[])).toEqual([200, 409, 409, 409]);
      const decisions = await decisionsOf(id);
      expect(decisions).toHaveLength(1);
      const won = decisions[0]?.decision;
      if (won === "approve") approved++;
      const [order] = await rows<{ s: number }>("select order_status_id as s from orders where id = $1", [id]);
      expect(order?.s).toBe(won === "approve" ? ORDER_STATUS.ACTIVE : ORDER_STATUS.CANCELLED);
      const link = `%/order/${id}/2%`;
      const mail = "select count(*)::int as n from email_outbox where kind = 'approval_decision' and text like $1";
      expect(await countOf(mail, [link])).toBe(1);
      const audit = "select count(*)::int as n from audit_log where kind = 'approval' and record_id = $1";
      expect(await countOf(audit, [id])).toBe(1);
      expect(await countOf("select count(*)::int as n from order_status_history where order_id = $1", [id])).toBe(2);
    }
    // Stock: held by each approved order, given back once by each rejected one; the ledger likewise.
    expect(await stockOf(P.DECIDE)).toBe(stock - 2 * approved);
    expect(await ledgerMismatches(sql, programme)).toEqual({ accounts: [], orders: [] });
    const [account] = await rows<{ balance: number }>(
      "select balance from allowance_accounts where programme_id = $1",
      [programme],
    );
    expect(account?.balance).toBe(1 - 2 * approved);
  });

  it("would give the stock back twice with a read-then-write rejection (the guard the lock keeps)", async () => {
    await insertProgramme(sql, { name: "Naive decisions", products: [P.NAIVE_DECIDE], allotted: 1, over: "approval" });
    const [id] = await pendingOrders(P.NAIVE_DECIDE, 1);
    const held = await stockOf(P.NAIVE_DECIDE);
    let rejected = 0;
    await naiveRace(
      naive,
      2,
      async (c) => (await c.query("select order_status_id from orders where id = $1", [id])).rows[0].order_status_id,
      async (c, status: number) => {
        if (status !== ORDER_STATUS.PENDING_APPROVAL) return;
        await c.query("update orders set order_status_id = $2 where id = $1", [id, ORDER_STATUS.CANCELLED]);
        await c.query("update products set actual_inventory = actual_inventory + 2 where id = $1", [P.NAIVE_DECIDE]);
        rejected++;
      },
    );
    expect(rejected).toBe(2);
    expect(await stockOf(P.NAIVE_DECIDE)).toBe(held + 4);
  });

  it("decides two tiers in order while both tiers' deciders act at once: one decision per tier, never tier 2 first", async () => {
    await sql.query(
      `insert into approval_rules (customer_id, name, kind, product_id, quantity, tiers)
       values (1850, 'Two-tier race', 'product_quantity', $1, 1, $2::jsonb)`,
      [P.TIER, JSON.stringify([[approver.userId], [approver.userId]])],
    );
    const stock = await stockOf(P.TIER);
    const ids = await pendingOrders(P.TIER, 6);
    const answers = await Promise.all(
      ids.map((id) =>
        Promise.all([
          decide(0, id, 1, "approve", approver.token),
          decide(1, id, 1, "approve", admin.token),
          decide(1, id, 2, "approve", approver.token),
          decide(0, id, 2, "reject", admin2.token),
        ]),
      ),
    );
    let held = 0;
    for (const [n, id] of ids.entries()) {
      const [t1a, t1b, t2a, t2b] = (answers[n] as Answer[]).map((a) => a.status);
      const decisions = await decisionsOf(id);
      // Tier 1 is decided exactly once; tier 2 at most once, and only after tier 1.
      expect([t1a, t1b].sort()).toEqual([200, 409]);
      expect(decisions[0]).toMatchObject({ tier: 1, decision: "approve" });
      const tier2 = [t2a, t2b].filter((s) => s === 200).length;
      expect(decisions).toHaveLength(1 + tier2);
      expect(tier2).toBeLessThanOrEqual(1);
      const [order] = await rows<{ s: number; tier: number; status: string }>(
        `select o.order_status_id as s, r.tier, r.status from orders o join approval_requests r on r.order_id = o.id
         where o.id = $1`,
        [id],
      );
      const expected = !tier2
        ? { s: ORDER_STATUS.PENDING_APPROVAL, tier: 2, status: "pending" }
        : decisions[1]?.decision === "approve"
          ? { s: ORDER_STATUS.ACTIVE, tier: 2, status: "approved" }
          : { s: ORDER_STATUS.CANCELLED, tier: 2, status: "rejected" };
      expect(order).toEqual(expected);
      if (order?.s !== ORDER_STATUS.CANCELLED) held += 2;
    }
    expect(await stockOf(P.TIER)).toBe(stock - held);
  });
});

describe("approval decisions and the desk's cancel", () => {
  it("gives stock and allowance back once when the desk cancels while approvers decide", async () => {
    const programme = await insertProgramme(sql, {
      name: "Desk race",
      products: [P.DESK],
      allotted: 1,
      over: "approval",
    });
    const stock = await stockOf(P.DESK);
    const ids = await pendingOrders(P.DESK, 6);
    const answers = await Promise.all(
      ids.map((id, i) =>
        Promise.all([
          call(base(i), "/api/fulfilment/cancel", { order_id: id }, admin2.token),
          decide(i + 1, id, 1, "approve", approver.token),
          decide(i, id, 1, "reject", admin.token),
        ]),
      ),
    );
    let active = 0;
    for (const [n, id] of ids.entries()) {
      const [desk, ...deciders] = (answers[n] as Answer[]).map((a) => a.status);
      const won = deciders.filter((s) => s === 200).length;
      expect(won).toBeLessThanOrEqual(1);
      // The desk may cancel an order waiting for approval, or one approved just before; nothing else.
      expect(desk === 200 || won === 1).toBe(true);
      const [order] = await rows<{ s: number; cancelled: number }>(
        `select o.order_status_id as s, (select sum(cancelled_quantity)::int from order_products where order_id = o.id)
           as cancelled from orders o where o.id = $1`,
        [id],
      );
      expect(order?.cancelled).toBe(order?.s === ORDER_STATUS.CANCELLED ? 2 : 0);
      if (order?.s === ORDER_STATUS.ACTIVE) active++;
      else expect(order?.s).toBe(ORDER_STATUS.CANCELLED);
    }
    expect(await stockOf(P.DESK)).toBe(stock - 2 * active);
    expect(await ledgerMismatches(sql, programme)).toEqual({ accounts: [], orders: [] });
  });
});

describe("the approvals' reminders and expiries", () => {
  it("reminds once and expires once when both processes' jobs find the same overdue requests", async () => {
    const programme = await insertProgramme(sql, {
      name: "Expiry race",
      products: [P.EXPIRE],
      allotted: 1,
      over: "approval",
    });
    const stock = await stockOf(P.EXPIRE);
    const ids = await pendingOrders(P.EXPIRE, 6);
    await sql.query(
      "update approval_requests set tier_started = now() - interval '30 days' where order_id = any($1::int[])",
      [ids],
    );
    // Both processes' timers (every second) pick them up; wait until every order is decided.
    const waiting = () =>
      countOf("select count(*)::int as n from orders where id = any($1::int[]) and order_status_id = $2", [
        ids,
        ORDER_STATUS.PENDING_APPROVAL,
      ]);
    for (let i = 0; i < 300 && (await waiting()) !== 0; i++) await new Promise((r) => setTimeout(r, 100));
    for (const id of ids) {
      expect(await decisionsOf(id)).toEqual([{ tier: 1, decision: "expire" }]);
      const mails = await rows<{ kind: string }>(
        "select kind from email_outbox where text ~ $1 and kind like 'approval%' order by kind",
        [`/${id}([^0-9]|$)`],
      );
      expect(mails.map((m) => m.kind)).toEqual(["approval_decision", "approval_reminder", "approval_request"]);
      const audit = "select count(*)::int as n from audit_log where kind = 'approval' and record_id = $1";
      expect(await countOf(audit, [id])).toBe(1);
    }
    expect(await stockOf(P.EXPIRE)).toBe(stock);
    expect(await ledgerMismatches(sql, programme)).toEqual({ accounts: [], orders: [] });
  });
});

describe("administrators' adjustments and CSV imports", () => {
  it("keeps every balance the sum of its ledger under adjustments, orders and one CSV applied twice at once", async () => {
    const programme = await insertProgramme(sql, {
      name: "Adjustment race",
      products: [P.ADJUST],
      allotted: 100,
      over: "refuse",
    });
    const ny = await signInTo(base(1), { method: "address", ...NY_PRACTICE });
    const day = portalDay();
    const csv = `user_id,practice,period_start,allotted\n${practice.userId},Happy Paws,${day},150\n${ny.userId},Hudson Valley,${day},80\n`;
    const importCsv = (i: number) =>
      call(base(i), "/api/allowance/import", { programme_id: programme, csv, apply: true }, admin.token);
    const deltas = Array.from({ length: 20 }, (_, i) => (i % 2 ? 3 : -1));
    const adjust = (i: number) =>
      call(
        base(i),
        "/api/allowance/adjust",
        { programme_id: programme, user_id: practice.userId, period: day, delta: deltas[i], reason: `Race ${i}` },
        i % 3 ? admin.token : admin2.token,
      );
    const answers = await Promise.all([
      importCsv(0),
      importCsv(1),
      ...deltas.map((_, i) => adjust(i)),
      ...Array.from({ length: 10 }, (_, i) => place(i, P.ADJUST, 1)),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(32).fill(200));
    expect(await ledgerMismatches(sql, programme)).toEqual({ accounts: [], orders: [] });
    const accounts = await rows<{ user_id: number; allotted: number; balance: number; imported: number }>(
      `select a.user_id, a.allotted, a.balance, (select count(*)::int from allowance_ledger l
         where l.account_id = a.id and l.reason = 'Allocation imported') as imported
       from allowance_accounts a where a.programme_id = $1 order by a.user_id`,
      [programme],
    );
    const sum = deltas.reduce((a, b) => a + b, 0);
    expect(accounts).toEqual(
      [
        { user_id: practice.userId, allotted: 150, balance: 150 + sum - 10, imported: 1 },
        { user_id: ny.userId, allotted: 80, balance: 80, imported: 1 },
      ].sort((a, b) => a.user_id - b.user_id),
    );
    // One audit row per change: each adjustment, and each allocation the import changed (not twice).
    const audit = await rows<{ action: string; n: number }>(
      `select action, count(*)::int as n from audit_log where kind = 'allocation'
         and record_id in (select id from allowance_accounts where programme_id = $1) group by action order by action`,
      [programme],
    );
    expect(audit).toEqual([
      { action: "adjust", n: 20 },
      { action: "import", n: 2 },
    ]);
    // Applied once more, the same file changes nothing and records nothing.
    expect((await importCsv(1)).status).toBe(200);
    expect(
      await rows("select count(*)::int as n from audit_log where kind = 'allocation' and action = 'import'"),
    ).toEqual([{ n: 2 }]);
  });
});

describe("quick order into one cart", () => {
  it("adds the same lines through both processes at once within the maximum and the allowance, one line each", async () => {
    await insertProgramme(sql, { name: "Quick order race", products: [Q.ALLOW], allotted: 7, over: "refuse" });
    expect((await call(base(0), "/api/cart/replace", { items: [] }, practice.token)).status).toBe(200);
    const text = "RACE-QMAX,3\nRACE-QALLOW,2\n";
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => call(base(i), "/api/quick-order/add", { text }, practice.token)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    type Line = { sku: string; status: string; reason: string | null };
    const lines = answers.flatMap((a) => (a.json.data as { lines: Line[] }).lines);
    const outcome = (sku: string) =>
      lines
        .filter((l) => l.sku === sku)
        .map((l) => l.reason ?? l.status)
        .sort();
    // 3 + 3 + 3 packs fit a maximum of 10; 2 + 2 + 2 fit an allowance of 7 packs.
    expect(outcome("RACE-QMAX")).toEqual([...Array(5).fill("above_max"), ...Array(3).fill("added")]);
    expect(outcome("RACE-QALLOW")).toEqual([...Array(3).fill("added"), ...Array(5).fill("over_allowance")]);
    expect(
      await rows(
        "select product_id, quantity from cart_items where user_id = $1 and product_id = any($2::int[]) order by product_id",
        [practice.userId, [Q.MAX, Q.ALLOW]],
      ),
    ).toEqual([
      { product_id: Q.MAX, quantity: 9 },
      { product_id: Q.ALLOW, quantity: 6 },
    ]);
  });

  it("would let more through than fit with a check that reads the cart before its lock", async () => {
    await sql.query("delete from cart_items where user_id = $1 and product_id = $2", [practice.userId, Q.MAX]);
    let added = 0;
    await naiveRace(
      naive,
      8,
      async (c) =>
        ((
          await c.query("select quantity from cart_items where user_id = $1 and product_id = $2", [
            practice.userId,
            Q.MAX,
          ])
        ).rows[0]?.quantity ?? 0) as number,
      async (c, held: number) => {
        if (held + 3 > 10) return;
        await c.query(
          `insert into cart_items (user_id, product_id, quantity) values ($1, $2, $3)
           on conflict (user_id, product_id) do update set quantity = excluded.quantity`,
          [practice.userId, Q.MAX, held + 3],
        );
        added++;
      },
    );
    expect(added).toBeGreaterThan(3);
  });
});

describe("two administrators ordering for one practice", () => {
  it("places exactly one order per Idempotency-Key, each recorded as placed by the administrator who placed it", async () => {
    const act = async (i: number, token: string) => {
      const res = await call(base(i), "/api/orderfor/start", { user_id: practice.userId }, token);
      expect(res.status).toBe(200);
      return (res.json.data as { access_token: string }).access_token;
    };
    const [asA, asB] = await Promise.all([act(0, admin.token), act(1, admin2.token)]);
    const run = randomUUID();
    const own = await Promise.all(
      Array.from({ length: 6 }, (_, i) => [
        place(i, Q.BEHALF, 1, asA, withKey(`${run}-a-${i}`)),
        place(i + 1, Q.BEHALF, 1, asB, withKey(`${run}-b-${i}`)),
      ]).flat(),
    );
    expect(own.map((a) => a.status)).toEqual(Array(12).fill(200));
    const placedBy = async (ids: number[]) =>
      rows<{ id: number; user_id: number; placed_by_user_id: number }>(
        "select id, user_id, placed_by_user_id from orders where id = any($1::int[]) order by id",
        [ids],
      );
    const ownIds = own.map((a) => a.json.data as number);
    expect(new Set(ownIds).size).toBe(12);
    const byId = new Map((await placedBy(ownIds)).map((o) => [o.id, o]));
    for (const [n, id] of ownIds.entries()) {
      expect(byId.get(id)).toEqual({
        id,
        user_id: practice.userId,
        placed_by_user_id: n % 2 ? admin2.userId : admin.userId,
      });
    }
    // The same key from both at once: one order; the other request gets it back or is told to wait.
    const shared = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        Promise.all([
          place(i, Q.BEHALF, 1, asA, withKey(`${run}-shared-${i}`)),
          place(i + 1, Q.BEHALF, 1, asB, withKey(`${run}-shared-${i}`)),
        ]),
      ),
    );
    for (const [i, pair] of shared.entries()) {
      const [key] = await rows<{ order_id: number }>(
        "select order_id from idempotency_keys where user_id = $1 and key = $2",
        [practice.userId, `${run}-shared-${i}`],
      );
      for (const a of pair) {
        if (a.status === 200) expect(a.json.data).toBe(key?.order_id);
        else expect(a).toMatchObject({ status: 409, json: { error: { code: "CONFLICT" } } });
      }
      const [order] = await placedBy([key?.order_id as number]);
      expect([admin.userId, admin2.userId]).toContain(order?.placed_by_user_id);
    }
    const [count] = await rows<{ n: number }>(
      "select count(distinct order_id)::int as n from order_products where product_id = $1",
      [Q.BEHALF],
    );
    expect(count?.n).toBe(16);
  });
});

describe("the audit trail under concurrent changes", () => {
  it("writes one row per change of one record by two administrators at once, each before the previous after", async () => {
    const add = await call(
      base(0),
      "/api/department/add",
      { name: "Race Audit 0", department_code: "RA0" },
      admin.token,
    );
    const id = (add.json.data as { id: number }).id;
    const names = Array.from({ length: 12 }, (_, i) => `Race Audit ${i + 1}`);
    const answers = await Promise.all(
      names.map((name, i) =>
        call(
          base(i),
          "/api/department/update",
          { id, name, department_code: "RA" },
          i % 2 ? admin2.token : admin.token,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const trail = await rows<{ before: { name?: string }; after: { name?: string }; session_id: number }>(
      "select before, after, session_id from audit_log where kind = 'department' and action = 'update' and record_id = $1 order by id",
      [id],
    );
    expect(trail).toHaveLength(12);
    expect(trail.map((r) => r.after.name).sort()).toEqual([...names].sort());
    // A chain: each row's before is the previous row's after, the first the original, the last what is stored.
    expect(trail.map((r) => r.before.name)).toEqual(["Race Audit 0", ...trail.slice(0, -1).map((r) => r.after.name)]);
    const [stored] = await rows<{ name: string }>("select name from departments where id = $1", [id]);
    expect(trail.at(-1)?.after.name).toBe(stored?.name);
    expect(new Set(trail.map((r) => r.session_id)).size).toBe(2);
  });

  it("chains the audit rows of one programme changed by two administrators at once", async () => {
    const form = { name: "Audit race", period: "quarter", unit: "packs", scope: "products", scope_ids: [P.ADJUST] };
    const added = await call(base(0), "/api/allowance/programme/add", { ...form, active: false }, admin.token);
    const id = (added.json.data as { id: number }).id;
    const allotments = Array.from({ length: 8 }, (_, i) => 10 + i);
    const answers = await Promise.all(
      allotments.map((n, i) =>
        call(
          base(i),
          "/api/allowance/programme/update",
          { ...form, id, active: false, default_allotted: n },
          i % 2 ? admin2.token : admin.token,
        ),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const trail = await rows<{ before: { default_allotted?: number }; after: { default_allotted?: number } }>(
      "select before, after from audit_log where kind = 'programme' and action = 'update' and record_id = $1 order by id",
      [id],
    );
    expect(trail.map((r) => r.after.default_allotted).sort()).toEqual(allotments);
    expect(trail.map((r) => r.before.default_allotted)).toEqual([
      0,
      ...trail.slice(0, -1).map((r) => r.after.default_allotted),
    ]);
  });

  it("would record the same before twice with a read-then-write change (the lock the services take first)", async () => {
    const [dept] = await rows<{ id: number }>(
      "insert into departments (customer_id, name) values (1850, 'Naive Audit 0') returning id",
    );
    const befores: string[] = [];
    await naiveRace(
      naive,
      8,
      async (c) => (await c.query("select name from departments where id = $1", [dept?.id])).rows[0].name as string,
      async (c, before: string, i) => {
        await c.query("update departments set name = $2 where id = $1", [dept?.id, `Naive Audit ${i + 1}`]);
        befores.push(before);
      },
    );
    expect(new Set(befores).size).toBeLessThan(8);
  });
});
