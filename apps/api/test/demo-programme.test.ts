import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/db/client.ts";
import { openTestDatabase, queryRows } from "./helpers.ts";
import { ledgerMismatches } from "./support/allowances.ts";

/**
 * The demo data's programme is in use (issue 23, seed-allowances.ts): every demo practice has an
 * account of this quarter whose ledger is its allotment and the quarter's seeded orders in the
 * programme's scope, so the ledger equals the orders and each balance is its ledger's sum.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the demo programme", () => {
  it("has every demo practice's use of this quarter in its ledger, equal to the orders", async () => {
    const db = database.db;
    const [programme] = await queryRows<{ id: number }>(
      db,
      sql`select id from allowance_programmes where name = 'Client education' and customer_id = 1850`,
    );
    const id = programme?.id as number;
    expect(await ledgerMismatches(db, id)).toEqual({ accounts: [], orders: [] });

    const accounts = await queryRows<{ practice: string; allotted: number; balance: number; used: number }>(
      db,
      sql`select u.representation as practice, a.allotted, a.balance,
          (select -sum(l.delta) from allowance_ledger l where l.account_id = a.id and l.kind in ('order', 'cancel'))::int as used
        from allowance_accounts a join users u on u.id = a.user_id
        where a.programme_id = ${id} order by u.id`,
    );
    // Every demo practice (36), each having used part of its allotment; nothing else moved a balance.
    expect(accounts).toHaveLength(36);
    for (const a of accounts) {
      expect(a.used, a.practice).toBeGreaterThan(0);
      expect(a.balance, a.practice).toBe(a.allotted - a.used);
    }
    // The first demo practice used at least its 26 of 40 ("14 of 40 packs left" unless the history took more).
    expect(accounts[0]).toMatchObject({ practice: "Happy Paws Veterinary Clinic", allotted: 40 });
    expect(accounts[0]?.used).toBeGreaterThanOrEqual(26);

    // Every in-scope line of the quarter's orders is booked: none is missing from the ledger.
    const unbooked = await queryRows<{ order_id: number }>(
      db,
      sql`select o.id as order_id from orders o
        join order_products op on op.order_id = o.id
        join products p on p.id = op.product_id and p.product_category_id = 2100
        join allowance_accounts a on a.user_id = o.user_id and a.programme_id = ${id}
          and (o.created at time zone ${PORTAL_TIME_ZONE})::date >= a.period_start
        where not exists (select 1 from allowance_ledger l where l.order_id = o.id and l.product_id = op.product_id)`,
    );
    expect(unbooked).toEqual([]);
  });
});
