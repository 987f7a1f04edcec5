import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "../../../test/helpers.ts";
import { accountOf, insertProgramme, ledgerMismatches } from "../../../test/support/allowances.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { orderBody, productMaker } from "../../../test/support/fixtures.ts";

/**
 * The allowance routes (issue 23 §1): the practice's balances and the quote's preview in the same
 * words, administrators' allocations, adjustments with a reason, and CSV import that refuses bad
 * rows with reasons and applies nothing while one is refused.
 */
const t = useSignedInApp();
const product = productMaker(
  t,
  { id: 982_000, name: "Route Brochure" },
  { max_quantity: 100, actual_inventory: 1000 },
  [[1, null, 100]],
);
const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });
const today = new Date().toISOString().slice(0, 10);

describe("the allowance routes", () => {
  it("shows the practice its balance, and the quote previews the order against it", async () => {
    const a = await product();
    const id = await insertProgramme(t.db, {
      name: "Route chip",
      scope: "products",
      scope_ids: [a],
      default_allotted: 40,
    });
    expect((await post("/api/order/add", orderBody([{ id: a, quantity: 26 }]), t.practice)).statusCode).toBe(200);
    const mine = await post("/api/allowance/query", {}, t.practice);
    expect(mine.statusCode, mine.body).toBe(200);
    const balance = mine.json().data.balances.find((b: { programme_id: number }) => b.programme_id === id);
    expect(balance).toMatchObject({ allotted: 40, used: 26, left: 14, unit: "packs", period: "quarter" });
    const quote = await post("/api/order/quote", { items: [{ id: a, quantity: 20 }] }, t.practice);
    expect(quote.json().data.allowance).toContainEqual({
      programme_id: id,
      name: "Route chip",
      unit: "packs",
      allotted: 40,
      left_before: 14,
      left_after: -6,
      over_by: 6,
      over_balance: "refuse",
    });
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${id}`);
  });

  it("sets an allocation and adjusts it with a reason, each a ledger row", async () => {
    const a = await product();
    const id = await insertProgramme(t.db, {
      name: "Route admin",
      scope: "products",
      scope_ids: [a],
      default_allotted: 10,
    });
    const set = await post("/api/allowance/allocation/set", {
      programme_id: id,
      user_id: t.practiceUserId,
      period: today,
      allotted: 30,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await accountOf(t.db, id, t.practiceUserId))?.balance).toBe(30);
    const noReason = await post("/api/allowance/adjust", {
      programme_id: id,
      user_id: t.practiceUserId,
      period: today,
      delta: -5,
      reason: "",
    });
    expect(noReason.statusCode).toBe(400);
    const adjust = await post("/api/allowance/adjust", {
      programme_id: id,
      user_id: t.practiceUserId,
      period: today,
      delta: -5,
      reason: "Returned kits",
    });
    expect(adjust.statusCode, adjust.body).toBe(200);
    expect((await accountOf(t.db, id, t.practiceUserId))?.balance).toBe(25);
    const grid = await post("/api/allowance/grid", { programme_id: id });
    const row = grid.json().data.rows.find((r: { user_id: number }) => r.user_id === t.practiceUserId);
    expect(row).toMatchObject({ allotted: 30, own: true, used: 0, pending: 0, left: 25 });
    const rows = await queryRows<{ kind: string; delta: number; reason: string | null }>(
      t.db,
      sql`select l.kind, l.delta, l.reason from allowance_ledger l join allowance_accounts a on a.id = l.account_id
        where a.programme_id = ${id} order by l.id`,
    );
    expect(rows).toEqual([
      { kind: "allotment", delta: 30, reason: "Allocation set" },
      { kind: "adjustment", delta: -5, reason: "Returned kits" },
    ]);
    // Each administrator's change is in the audit trail, with the person (decision 043).
    const audit = await queryRows<{ action: string; actor_user_id: number }>(
      t.db,
      sql`select action, actor_user_id from audit_log where kind = 'allocation' and record_label like ${"Route admin%"} order by id`,
    );
    expect(audit.map((r) => r.action)).toEqual(["set", "adjust"]);
    expect(new Set(audit.map((r) => r.actor_user_id)).size).toBe(1);
    expect((await post("/api/allowance/grid", { programme_id: 999_999 })).statusCode).toBe(404);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${id}`);
  });

  it("previews a CSV with its bad rows refused and reasons given, and applies nothing until it is clean", async () => {
    const a = await product();
    const id = await insertProgramme(t.db, {
      name: "Route CSV",
      scope: "products",
      scope_ids: [a],
      default_allotted: 10,
    });
    const bad = [
      "user_id,practice,period_start,allotted",
      `${t.practiceUserId},Happy Paws,${today},12`,
      "abc,Nobody,2026-01-01,5",
      `${t.practiceUserId},Again,${today},3`,
      "999999,Ghost,2026-01-01,5",
      `${t.practiceUserId},Bad day,2026-02-30,5`,
      `${t.practiceUserId},Negative,2030-01-01,-4`,
    ].join("\n");
    const preview = await post("/api/allowance/import", { programme_id: id, csv: bad, apply: true });
    expect(preview.statusCode, preview.body).toBe(200);
    const result = preview.json().data;
    expect(result.applied).toBe(false);
    expect(result.errors).toBe(5);
    expect(result.rows.map((r: { error: string | null }) => r.error !== null)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(result.rows[1].error).toContain("not a practice id");
    expect(result.rows[2].error).toContain("already in the file");
    expect(result.rows[3].error).toContain("No practice has the id 999999");
    expect(await accountOf(t.db, id, t.practiceUserId)).toBeUndefined();
    expect((await post("/api/allowance/import", { programme_id: id, csv: "name,amount\nx,1" })).statusCode).toBe(400);

    const good = `user_id,practice,period_start,allotted\n${t.practiceUserId},Happy Paws,${today},12\n`;
    const dry = await post("/api/allowance/import", { programme_id: id, csv: good });
    expect(dry.json().data).toMatchObject({ applied: false, errors: 0 });
    expect(await accountOf(t.db, id, t.practiceUserId)).toBeUndefined();
    const applied = await post("/api/allowance/import", { programme_id: id, csv: good, apply: true });
    expect(applied.json().data).toMatchObject({ applied: true, errors: 0 });
    expect((await accountOf(t.db, id, t.practiceUserId))?.balance).toBe(12);

    const exported = await post("/api/allowance/export", { programme_id: id });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers["content-type"]).toContain("text/csv");
    expect(exported.body).toContain(`${t.practiceUserId},`);
    expect(exported.body.split("\r\n")[0]).toBe("user_id,practice,period_start,allotted");
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${id}`);
  });

  it("applies one CSV sent twice at once as once: one allotment and one audit row per practice, the ledger whole", async () => {
    const a = await product();
    const id = await insertProgramme(t.db, {
      name: "Route CSV twice",
      scope: "products",
      scope_ids: [a],
      default_allotted: 10,
    });
    const csv = `user_id,practice,period_start,allotted\n${t.practiceUserId},Happy Paws,${today},25\n`;
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post("/api/allowance/import", { programme_id: id, csv, apply: true })),
    );
    expect(answers.map((r) => r.json().data.applied)).toEqual([true, true, true, true]);
    expect(await accountOf(t.db, id, t.practiceUserId)).toMatchObject({ allotted: 25, balance: 25 });
    expect(await ledgerMismatches(t.db, id)).toEqual({ accounts: [], orders: [] });
    const written = await queryRows<{ kind: string; delta: number }>(
      t.db,
      sql`select l.kind, l.delta from allowance_ledger l join allowance_accounts a on a.id = l.account_id
        where a.programme_id = ${id} order by l.id`,
    );
    expect(written).toEqual([{ kind: "allotment", delta: 25 }]);
    const audit = await queryRows<{ action: string; after: unknown }>(
      t.db,
      sql`select action, after from audit_log where kind = 'allocation' and record_label like ${"Route CSV twice%"}`,
    );
    expect(audit).toEqual([{ action: "import", after: { allotted: 25, own: true } }]);
    await t.db.execute(sql`update allowance_programmes set active = false where id = ${id}`);
  });

  it("chains the audit rows of one programme saved by administrators at once (each before the previous after)", async () => {
    const form = { name: "Route audit chain", period: "quarter", unit: "packs", scope: "products", scope_ids: [] };
    const added = await post("/api/allowance/programme/add", { ...form, active: false });
    const id = added.json().data.id as number;
    const answers = await Promise.all(
      [5, 6, 7, 8].map((n) =>
        post("/api/allowance/programme/update", { ...form, id, active: false, default_allotted: n }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const trail = await queryRows<{ before: { default_allotted: number }; after: { default_allotted: number } }>(
      t.db,
      sql`select before, after from audit_log where kind = 'programme' and action = 'update' and record_id = ${id} order by id`,
    );
    expect(trail.map((r) => r.before.default_allotted)).toEqual([
      0,
      ...trail.slice(0, -1).map((r) => r.after.default_allotted),
    ]);
  });

  it("keeps administrators' routes from practices", async () => {
    for (const url of ["/api/allowance/programme/list", "/api/allowance/grid", "/api/allowance/import"]) {
      expect((await post(url, {}, t.practice)).statusCode).toBe(403);
    }
  });
});
