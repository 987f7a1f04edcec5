import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows } from "./helpers.ts";
import { usePracticeTwice } from "./support/app.ts";

/**
 * Print on demand's writes at once, on a real server (PGlite runs one transaction at a time): two
 * brand saves of one practice keep versions 1, 2, 3… with one row each, and concurrent approvals
 * and proof requests leave one proof approved once (decision 044).
 */
const t = usePracticeTwice();

const post = (url: string, payload: unknown, token: string) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const brand = (phone: string) => ({
  display_name: "Happy Paws Veterinary Clinic",
  address_lines: "120 Market Street",
  phone,
  website: "https://happypaws.test/book",
  hours: "",
});

describe("concurrent print writes on PostgreSQL", () => {
  it("twenty brand saves from two sessions give twenty versions, each number once, the last one current", async () => {
    const before = (await post("/api/brand/query", {}, t.tokens[0])).json().data.version as number;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post("/api/brand/save", brand(`415-555-${String(1000 + i)}`), t.tokens[i % 2] as string),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
    const versions = await queryRows<{ version: number }>(
      t.db,
      sql`select version from practice_brands where user_id = ${t.practiceUserId} and version > ${before} order by version`,
    );
    expect(versions.map((v) => v.version)).toEqual(Array.from({ length: 20 }, (_, i) => before + i + 1));
    const current = (await post("/api/brand/query", {}, t.tokens[1])).json().data;
    expect(current.version).toBe(before + 20);
  });

  it("proof requests and approvals at once make one proof, approved once", async () => {
    const asked = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post("/api/proof/query", { product_id: 990002 }, t.tokens[i % 2] as string)),
    );
    // Every answer a proof (a failure shows its body, not "cannot read id of undefined").
    for (const r of asked) expect(r.statusCode, r.body).toBe(200);
    const ids = new Set(asked.map((r) => r.json().data.id as number));
    expect(ids.size).toBe(1);
    const [proofId] = [...ids];
    const approvals = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post("/api/proof/approve", { proof_id: proofId }, t.tokens[i % 2] as string)),
    );
    expect(approvals.map((r) => r.statusCode)).toEqual(approvals.map(() => 200));
    expect(new Set(approvals.map((r) => r.json().data.approved_at)).size).toBe(1);
    const rows = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from proofs where user_id = ${t.practiceUserId} and product_id = 990002`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
