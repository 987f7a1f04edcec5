import { ORDER_STATUS } from "@vetportal/contract";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, queryRows } from "../../../test/helpers.ts";
import { accountOf, insertProgramme, ledgerMismatches } from "../../../test/support/allowances.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { approval_requests, approval_rules, orders } from "../../db/schema/index.ts";

/**
 * An "approval" programme under a race (issue 23, decisions 039 and 040): whether an order over
 * the balance is placed Pending Approval is decided on the balance as it stands under the account's
 * lock, not on a balance read before. Ten simultaneous 3-pack orders against 10 packs: exactly the
 * three that the balance could take are Active, the other seven wait for approval, and each
 * request says by how much its order went over, as the ledger's order has it. A version that decides
 * from the read (every order reads 10 packs left) places all ten Active. Runs on PGlite (one engine,
 * the requests interleaved in-process) and on PostgreSQL (a pool of connections).
 */
const t = useSignedInApp();
const product = productMaker(
  t,
  { id: 993_000, name: "Approval Race Brochure" },
  { max_quantity: 100, actual_inventory: 1000 },
  [[1, null, 100]],
);

const place = (items: { id: number; quantity: number }[]) =>
  t.app.inject({ method: "POST", url: "/api/order/add", payload: orderBody(items), headers: bearer(t.practice) });

beforeAll(async () => {
  // Only this file's rule: every order over an "approval" balance waits for the administrator.
  await t.db.update(approval_rules).set({ is_active: false });
  await t.db
    .insert(approval_rules)
    .values({ customer_id: 1850, name: "Race: over the allowance", kind: "over_allowance", tiers: [[1]] });
});

describe("concurrent orders against an approval balance", () => {
  it("places Active only the orders the locked balance could take; the rest wait, each over by what it took", async () => {
    const p = await product();
    const programme = await insertProgramme(t.db, {
      name: "Approval race",
      over_balance: "approval",
      scope: "products",
      scope_ids: [p],
      default_allotted: 10,
    });
    // The account is opened before the race, so every order reads the same 10 packs left.
    expect((await place([{ id: p, quantity: 1 }])).statusCode).toBe(200);
    await t.db.execute(sql`update allowance_accounts set balance = balance + 1 where programme_id = ${programme}`);
    await t.db.execute(sql`insert into allowance_ledger (account_id, kind, delta, reason)
      select id, 'adjustment', 1, 'race set-up' from allowance_accounts where programme_id = ${programme}`);
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(10);

    const results = await Promise.all(Array.from({ length: 10 }, () => place([{ id: p, quantity: 3 }])));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = results.map((r) => r.json().data as number);
    const placed = await t.db
      .select({ id: orders.id, status: orders.order_status_id })
      .from(orders)
      .where(inArray(orders.id, ids));
    const active = placed.filter((o) => o.status === ORDER_STATUS.ACTIVE);
    const pending = placed.filter((o) => o.status === ORDER_STATUS.PENDING_APPROVAL);
    expect([active.length, pending.length]).toEqual([3, 7]);
    expect((await accountOf(t.db, programme, t.practiceUserId))?.balance).toBe(-20);
    expect(await ledgerMismatches(t.db, programme)).toEqual({ accounts: [], orders: [] });

    // In the order the ledger took them: Pending Approval exactly when the balance before the order
    // could not take its 3 packs, and the request's reason says by how much.
    const ledger = await queryRows<{ order_id: number; before: number }>(
      t.db,
      sql`select l.order_id, (sum(l.delta) over (order by l.id) - l.delta)::integer as before
        from allowance_ledger l join allowance_accounts a on a.id = l.account_id
        where a.programme_id = ${programme} order by l.id`,
    );
    const raced = ledger.filter((l) => ids.includes(l.order_id));
    expect(raced.map((l) => l.before)).toEqual([10, 7, 4, 1, -2, -5, -8, -11, -14, -17]);
    for (const { order_id, before } of raced) {
      const status = placed.find((o) => o.id === order_id)?.status;
      const [request] = await t.db.select().from(approval_requests).where(eq(approval_requests.order_id, order_id));
      if (before >= 3) {
        expect(status).toBe(ORDER_STATUS.ACTIVE);
        expect(request).toBeUndefined();
      } else {
        expect(status).toBe(ORDER_STATUS.PENDING_APPROVAL);
        const overBy = Math.min(3, 3 - before);
        expect(request?.reasons.map((r) => r.text)).toEqual([`Approval race: ${overBy} packs over the allowance`]);
        expect((request?.allowance as { over_by: number }[] | undefined)?.[0]?.over_by).toBe(overBy);
      }
    }
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });
});
