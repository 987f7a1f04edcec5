import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN } from "./helpers.ts";
import { type ApiProcess, useApiBundle } from "./support/api-process.ts";
import { useOwnPostgresDatabase } from "./support/own-database.ts";
import { addAdministrator, call, signInTo } from "./support/programme-races.ts";

/**
 * Portal settings (decision 047) with two API processes on one PostgreSQL database, each with its
 * caches at the default CACHE_MAX_STALE_MS (500 ms): saves from both at once leave an audit chain
 * in which each row's "before" is the previous row's "after", and a save made through one process
 * is served by the other's GET /api/settings within the staleness bound.
 */
const ownDb = useOwnPostgresDatabase({ prefix: "vp_settings" });
const api = useApiBundle("settings-processes");
let processes: ApiProcess[] = [];
let sql: pg.Client;
let tokens: string[] = [];
const DEFAULT_PHONE = "800-555-0177";

/** The base URL of process i % 2: consecutive requests alternate between the two. */
const base = (i: number) => processes[i % 2]?.base as string;

const body = (phone: string) => ({
  support_phone: phone,
  large_order_email: "orders@vetportal.example",
  pet_insurance_url: "https://www.example.com/pet-insurance",
  approval_remind_days: 2,
  approval_expire_days: 7,
});

const publicPhone = async (i: number) => {
  const res = await fetch(`${base(i)}/api/settings`);
  return ((await res.json()) as { data: { support_phone: string } }).data.support_phone;
};

beforeAll(async () => {
  await api.build();
  const env = {
    DATABASE_URL: ownDb.url,
    DATABASE_POOL_SIZE: "6",
    SEED_DEMO_DATA: "false",
    SUPPORT_PHONE: DEFAULT_PHONE,
    APPROVAL_REMIND_DAYS: "2",
    APPROVAL_EXPIRE_DAYS: "5",
  };
  processes = await Promise.all([api.start(env), api.start(env)]);
  sql = new pg.Client({ connectionString: ownDb.url });
  await sql.connect();
  await addAdministrator(sql, "admin2@settings-races.test", ADMIN.email);
  const signed = await Promise.all([
    signInTo(base(0), { method: "password", ...ADMIN }),
    signInTo(base(1), { method: "password", email: "admin2@settings-races.test", password: ADMIN.password }),
  ]);
  tokens = signed.map((s) => s.token);
}, 120_000);

afterAll(async () => {
  api.cleanUp();
  await sql?.end();
});

describe("portal settings saved from two processes", () => {
  it("chains twelve saves at once: each audit row's before is the previous row's after", async () => {
    // Naive version caught: reading the "before" without the row's lock (or before the first
    // save's insert), so two saves record the same before and the trail skips a value.
    expect([await publicPhone(0), await publicPhone(1)]).toEqual([DEFAULT_PHONE, DEFAULT_PHONE]);
    const phones = Array.from({ length: 12 }, (_, i) => `415-555-${String(2000 + i)}`);
    const saves = await Promise.all(
      phones.map((phone, i) => call(base(i), "/api/settings/save", body(phone), tokens[i % 2])),
    );
    expect(saves.map((s) => s.status)).toEqual(phones.map(() => 200));
    const { rows } = await sql.query<{ before: { support_phone: string }; after: { support_phone: string } }>(
      "select before, after from audit_log where kind = 'settings' order by id",
    );
    expect(rows).toHaveLength(phones.length);
    expect(rows[0]?.before.support_phone).toBe(DEFAULT_PHONE);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.before.support_phone).toBe(rows[i - 1]?.after.support_phone);
    expect(new Set(rows.map((r) => r.after.support_phone))).toEqual(new Set(phones));
    const saved = await sql.query<{ support_phone: string }>("select support_phone from portal_settings");
    expect(saved.rows).toEqual([{ support_phone: rows.at(-1)?.after.support_phone }]);
  });

  it("serves a save made through one process from the other within the staleness bound", async () => {
    // Both processes have read (and cached) the settings in force before this save.
    const before = await publicPhone(1);
    expect(await publicPhone(0)).toBe(before);
    const saved = await call(base(0), "/api/settings/save", body("415-555-3333"), tokens[0]);
    expect(saved.status).toBe(200);
    expect(await publicPhone(0)).toBe("415-555-3333");
    // 500 ms of staleness plus a check; the bound is looser for a busy 2-core machine (as postgres-caches).
    const started = performance.now();
    while ((await publicPhone(1)) !== "415-555-3333") {
      expect(performance.now() - started).toBeLessThan(3000);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
