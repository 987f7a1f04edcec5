import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { openPglite } from "../src/db/client.ts";
import { createTestApp, queryRows } from "./helpers.ts";

/**
 * PGlite runs in a worker thread (docs/decisions/014): a long statement must not stop the HTTP layer,
 * transactions must stay whole, and the worker keeps the planner's statistics fresh.
 */
describe("the embedded database in its worker thread", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const web = mkdtempSync(join(tmpdir(), "vp-web-"));
  beforeAll(async () => {
    writeFileSync(join(web, "index.html"), "<!doctype html><title>Vet Portal</title>");
    t = await createTestApp({ WEB_DIST_DIR: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it("answers health and static files while a long query runs", async () => {
    let longQueryDone = false;
    const long = t.db.execute(sql`select pg_sleep(5)`).then(() => {
      longQueryDone = true;
    });
    await new Promise((r) => setTimeout(r, 100));

    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    const healthAnsweredFirst = !longQueryDone;
    const page = await t.app.inject({ method: "GET", url: "/" });
    const pageAnsweredFirst = !longQueryDone;
    await long;

    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ status: "ok", database: "up", driver: "pglite" });
    expect(healthAnsweredFirst).toBe(true);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<title>Vet Portal</title>");
    expect(pageAnsweredFirst).toBe(true);
  });

  it("keeps other statements out of an open transaction until it commits", async () => {
    await t.db.execute(sql`create table tx_probe (id int primary key)`);
    const events: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const transaction = t.db.transaction(async (tx) => {
      await tx.execute(sql`insert into tx_probe values (1)`);
      events.push("inserted");
      await gate;
      await tx.execute(sql`insert into tx_probe values (2)`);
      events.push("committing");
    });
    await vi.waitFor(() => expect(events).toContain("inserted"));
    const outside = queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from tx_probe`).then((rows) => {
      events.push("outside read");
      return rows[0]?.n;
    });
    await new Promise((r) => setTimeout(r, 100));
    events.push("released");
    release();
    await transaction;
    expect(await outside).toBe(2);
    expect(events).toEqual(["inserted", "released", "committing", "outside read"]);

    // A transaction that throws leaves nothing behind, and the engine goes on serving.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(sql`insert into tx_probe values (3)`);
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const rows = await queryRows<{ id: number }>(t.db, sql`select id from tx_probe order by id`);
    expect(rows.map((r) => r.id)).toEqual([1, 2]);
  });

  it("parses and plans a statement once; each later call binds its own values", async () => {
    const prepared = async (text: string) =>
      (
        await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
        )
      )[0]?.n;
    const plusOne = (n: number) => queryRows<{ n: number }>(t.db, sql`select ${n}::int + 1 as n`);
    expect(await plusOne(1)).toEqual([{ n: 2 }]);
    expect(await plusOne(41)).toEqual([{ n: 42 }]);
    expect(await prepared("select $1::int + 1 as n")).toBe(1);

    // A statement the engine refuses is not kept, and refused the same way again.
    for (let i = 0; i < 2; i++) {
      const err = await t.db.execute(sql`select from where`).catch((e: unknown) => e);
      expect((err as { cause?: { code?: string } }).cause?.code).toBe("42601");
    }
    // A value the statement refuses fails that call only.
    const bad = await t.db.execute(sql`select ${"seven"}::int as n`).catch((e: unknown) => e);
    expect((bad as { cause?: { code?: string } }).cause?.code).toBe("22P02");
    expect(await queryRows(t.db, sql`select ${"7"}::int as n`)).toEqual([{ n: 7 }]);

    // Past 256 texts the least recently used are closed: the session keeps a bounded set.
    for (let i = 0; i < 300; i++) {
      expect(await queryRows(t.db, sql.raw(`select ${i} as n`))).toEqual([{ n: i }]);
    }
    const kept = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from pg_prepared_statements`);
    expect(kept[0]?.n).toBeLessThanOrEqual(256);
    expect(await prepared("select 299 as n")).toBe(1);
    expect(await prepared("select 0 as n")).toBe(0);
  });

  it("passes PostgreSQL's error code and constraint to the caller", async () => {
    const err = await t.db.execute(sql`insert into tx_probe values (1)`).catch((e: unknown) => e);
    const cause = (err as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause).toMatchObject({ code: "23505", constraint: "tx_probe_pkey" });
  });

  it("starts the engine with the shared buffers it is given (a test's copy: 16MB, decision 051)", async () => {
    const rows = await queryRows<{ shared_buffers: string }>(t.db, sql`show shared_buffers`);
    expect(rows[0]?.shared_buffers).toBe("16MB");
  });
});

describe("planner statistics on PGlite", () => {
  it("analyses a table once enough of it has changed, on the worker's schedule", async () => {
    const database = await openPglite({
      loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]),
      analyzeEveryMs: 100,
    });
    try {
      const reltuples = async () =>
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`select reltuples::int as n from pg_class where relname = 'growth'`,
          )
        )[0]?.n;
      await database.db.execute(sql`create table growth (id int primary key)`);
      await database.db.execute(sql`insert into growth select g from generate_series(1, 1000) g`);
      await vi.waitFor(async () => expect(await reltuples()).toBe(1000), { timeout: 20_000, interval: 200 });

      await database.db.execute(sql`insert into growth select g from generate_series(1001, 6000) g`);
      await vi.waitFor(async () => expect(await reltuples()).toBe(6000), { timeout: 20_000, interval: 200 });
    } finally {
      await database.close();
    }
  });
});
