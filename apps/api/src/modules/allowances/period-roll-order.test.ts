import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "../../../test/helpers.ts";
import { insertProgramme, ledgerMismatches } from "../../../test/support/allowances.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";
import { watchStatements } from "../../../test/support/statements.ts";
import { allowance_accounts, allowance_ledger } from "../../db/schema/index.ts";

/**
 * An order reads the practice's balances inside its own read (decision 038's addendum) and opens
 * the period's account and books the periods before it only when a period has rolled (decision
 * 039): the first order after a quarter ends books the old quarter (expiry) and opens the new one
 * before it is charged; the next order of the quarter costs the read and the write alone.
 */
const t = useSignedInApp();
const product = productMaker(
  t,
  { id: 994_000, name: "Period Roll Brochure" },
  { max_quantity: 100, actual_inventory: 1000 },
  [[1, null, 100]],
);
const place = (items: { id: number; quantity: number }[]) =>
  t.app.inject({ method: "POST", url: "/api/order/add", payload: orderBody(items), headers: bearer(t.practice) });

/** The statements placing this order sends (the caches' counter checks aside), and its answer. */
async function placeCounted(items: { id: number; quantity: number }[]) {
  const watch = watchStatements(t.database);
  try {
    const res = await place(items);
    return { res, statements: watch.own().length };
  } finally {
    watch.stop();
  }
}

describe("an order after the period rolled", () => {
  it("books the past quarter and opens the current one first; then an order is its read and its write", async () => {
    const p = await product();
    // The first order loads the delivery methods into their cache.
    expect((await place([{ id: await product(), quantity: 1 }])).statusCode).toBe(200);
    const programme = await insertProgramme(t.db, {
      name: "Period roll",
      over_balance: "allow",
      scope: "products",
      scope_ids: [p],
      default_allotted: 10,
    });
    // A quarter long past, still open with 7 packs unused.
    const [old] = await t.db
      .insert(allowance_accounts)
      .values({
        programme_id: programme,
        user_id: t.practiceUserId,
        period_start: "2020-01-01",
        allotted: 7,
        balance: 7,
      })
      .returning({ id: allowance_accounts.id });
    await t.db.insert(allowance_ledger).values({ account_id: old?.id as number, kind: "allotment", delta: 7 });

    const first = await placeCounted([{ id: p, quantity: 2 }]);
    expect(first.res.statusCode, first.res.body).toBe(200);
    // Read, open, book, read the accounts again, write.
    expect(first.statements).toBe(5);
    const rows = await queryRows<{ period_start: string; closed: boolean; balance: number; kinds: string }>(
      t.db,
      sql`select to_char(a.period_start, 'YYYY-MM-DD') as period_start, a.closed, a.balance,
        string_agg(l.kind || ' ' || l.delta, ', ' order by l.id) as kinds
        from allowance_accounts a join allowance_ledger l on l.account_id = a.id
        where a.programme_id = ${programme} group by a.id order by a.period_start`,
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({ period_start: "2020-01-01", closed: true, balance: 0, kinds: "allotment 7, expiry -7" });
    expect(rows[1]).toMatchObject({ closed: false, balance: 8, kinds: "allotment 10, order -2" });

    const second = await placeCounted([{ id: p, quantity: 3 }]);
    expect(second.res.statusCode, second.res.body).toBe(200);
    expect(second.statements).toBe(2);
    const [current] = await t.db
      .select({ balance: allowance_accounts.balance })
      .from(allowance_accounts)
      .where(eq(allowance_accounts.programme_id, programme))
      .orderBy(sql`${allowance_accounts.period_start} desc`)
      .limit(1);
    expect(current?.balance).toBe(5);
    expect(await ledgerMismatches(t.db, programme)).toEqual({ accounts: [], orders: [] });
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${programme}`);
  });
});
