import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { type DatabaseHandle, openPostgres, type PostgresLimits } from "../src/db/client.ts";
import { hashToken } from "../src/lib/hashing.ts";
import { databaseUrl } from "./database-url.ts";
import { bearer, createPostgresCopy, freePort, queryRows, signInAdmin, signInPractice, testConfig } from "./helpers.ts";
import { insertProduct, orderBody } from "./support/fixtures.ts";

/**
 * Reports on a read replica (issue 20 §1, docs/decisions/025): a real streaming replica of the
 * run's PostgreSQL server (`pg_basebackup -R`), started on a port of its own as the server's OS
 * user. The app writes to the primary and reads its reports and exports from the replica: an order
 * placed while the replica's replay is paused is missing from the report (which says how far behind
 * it is) until replay resumes. A stopped replica answers 503 at once on reports and exports, while
 * health, sign-in and ordering go on.
 */
const execFileAsync = promisify(execFile);
const LIMITS: PostgresLimits = {
  connectTimeoutMs: 2_000,
  statementTimeoutMs: 3_000,
  queryTimeoutMs: 4_000,
  idleInTransactionTimeoutMs: 5_000,
  exportStatementTimeoutMs: 10_000,
  keepAliveMs: 1_000,
};
const PRODUCT = 970_201;
/**
 * How long the replica may take to replay up to a point. The files beside this one write to the
 * same server (each test file copies the template database), and the replica replays all of it.
 */
const REPLAY_WAIT_MS = 45_000;

/** The server's binaries and the command prefix that runs them as its OS user (scripts/system-deps.sh). */
function serverTools() {
  const words = (process.env.TEST_PG_CTL ?? "").split(" ").filter(Boolean);
  const at = words.findIndex((w) => w.endsWith("/pg_ctl"));
  const binDir = at >= 0 ? (words[at] as string).replace(/\/pg_ctl$/, "") : "/usr/lib/postgresql/15/bin";
  const prefix = at >= 0 ? words.slice(0, at) : process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  const run = (tool: string, args: string[]) => {
    const [command, ...rest] = [...prefix, join(binDir, tool), ...args] as [string, ...string[]];
    return execFileAsync(command, rest, { timeout: 60_000 });
  };
  return { run, asServerUser: prefix.length > 0 };
}

const tools = serverTools();
let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let replicaDir: string;
let replicaRunning = false;
let primary: DatabaseHandle;
let replica: DatabaseHandle;
let replicaAdmin: pg.Client | undefined;
let app: Awaited<ReturnType<typeof buildApp>>;
let admin: string;
let practice: string;
/** The order the first test placed while the replica's replay was paused. */
let placedId = 0;

const today = new Date();
const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const RECENT = { search_by: 1, date_from: day(-1), date_to: day(1) };

async function stopReplica() {
  if (!replicaRunning) return;
  replicaRunning = false;
  await tools.run("pg_ctl", ["-D", join(replicaDir, "data"), "-m", "immediate", "-w", "stop"]);
}

/**
 * The replica's replication slot on the primary: it keeps the WAL the replica has not received yet.
 * Without one the files beside this one (each copies the template database, megabytes of WAL) can
 * make the primary recycle a segment before the replica asks for it, and the replica then never
 * streams at all.
 */
const SLOT = `vetportal_replica_${process.pid}_${Date.now()}`;

/** Drops the slot once nothing uses it (the replica stopped); the primary would keep WAL for it forever. */
async function dropSlot(primaryUrl: string) {
  const server = new pg.Client({ connectionString: primaryUrl });
  await server.connect();
  try {
    await vi.waitFor(
      async () => {
        const { rows } = await server.query<{ active: boolean }>(
          "select active from pg_replication_slots where slot_name = $1",
          [SLOT],
        );
        expect(rows[0]?.active ?? false).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );
    await server.query("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1", [
      SLOT,
    ]);
  } finally {
    await server.end();
  }
}

/**
 * Copies the primary with `pg_basebackup`, with a replication slot (SLOT). The suites beside this
 * one create and drop their own databases on the same server, and a database dropped while the
 * backup walks `base/` fails it ("could not open directory ./base/N"); pg_basebackup then removes
 * what it wrote, so it is tried again (the slot dropped first). Any other failure is thrown at once.
 */
async function baseBackup(primaryUrl: string, dataDir: string) {
  const primaryServer = new URL(primaryUrl);
  const args = [
    `--dbname=postgresql://${primaryServer.username || "postgres"}@${primaryServer.hostname}:${primaryServer.port}/postgres`,
    "--pgdata",
    dataDir,
    "--write-recovery-conf",
    "--create-slot",
    `--slot=${SLOT}`,
    "--wal-method=stream",
    "--checkpoint=fast",
    "--no-sync",
  ];
  for (let attempt = 1; ; attempt++) {
    try {
      await tools.run("pg_basebackup", args);
      return;
    } catch (error) {
      const droppedMeanwhile = /could not (open|stat) (directory|file) "\.\/base\//.test(String(error));
      if (!droppedMeanwhile || attempt === 5) throw error;
      await dropSlot(primaryUrl);
    }
  }
}

beforeAll(async () => {
  const primaryUrl = process.env.TEST_DATABASE_URL as string;
  copy = await createPostgresCopy();
  const server = new pg.Client({ connectionString: primaryUrl });
  await server.connect();
  // A standby needs these at least as high as its primary's (the run's server raises max_connections).
  const settings = Object.fromEntries(
    (
      await server.query<{ name: string; setting: string }>(
        `select name, setting from pg_settings where name in ('wal_level', 'max_wal_senders', 'max_connections',
           'max_worker_processes', 'max_prepared_transactions', 'max_locks_per_transaction', 'max_wal_size')`,
      )
    ).rows.map((r) => [r.name, r.setting]),
  );
  await server.end();
  expect(settings.wal_level, "the primary must keep WAL for replicas").not.toBe("minimal");
  expect(Number(settings.max_wal_senders), "the primary must allow replication connections").toBeGreaterThan(0);

  replicaDir = mkdtempSync(join(tmpdir(), "vetportal-replica-"));
  if (tools.asServerUser) {
    const { stdout } = await execFileAsync("id", ["-u", "postgres"]);
    chownSync(replicaDir, Number(stdout.trim()), -1);
  }
  await baseBackup(primaryUrl, join(replicaDir, "data"));
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${replicaDir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    ...["max_connections", "max_worker_processes", "max_prepared_transactions", "max_locks_per_transaction"].map(
      (name) => `-c ${name}=${settings[name]}`,
    ),
  ].join(" ");
  await tools.run("pg_ctl", [
    "-D",
    join(replicaDir, "data"),
    "-l",
    join(replicaDir, "log"),
    "-w",
    "-o",
    options,
    "start",
  ]);
  replicaRunning = true;

  const replicaServer = new URL(copy.url);
  replicaServer.port = String(port);
  const replicaUrl = databaseUrl(replicaServer.toString(), new URL(copy.url).pathname.slice(1));
  primary = await openPostgres(copy.url, { poolSize: 5, limits: LIMITS });
  replica = await openPostgres(replicaUrl, { poolSize: 3, limits: LIMITS });
  replicaAdmin = new pg.Client({ connectionString: replicaUrl });
  await replicaAdmin.connect();
  replicaAdmin.on("error", () => {});
  app = await buildApp({
    config: testConfig({ REPORTS_DATABASE_URL: replicaUrl, DATABASE_URL: copy.url }),
    database: primary,
    reportsDatabase: replica,
    validateResponses: true,
  });
  await app.ready();
  await insertProduct(primary.db, { id: PRODUCT, name: "Replica Brochure", actual_inventory: 1000 }, [[1, null, 500]]);
  admin = (await signInAdmin(app)).access_token;
  practice = (await signInPractice(app)).access_token;
}, 90_000);

afterAll(async () => {
  await app?.close();
  await replicaAdmin?.end().catch(() => {});
  await Promise.all([primary?.close(), replica?.close()]);
  await stopReplica().catch(() => {});
  await dropSlot(process.env.TEST_DATABASE_URL as string);
  if (replicaDir) rmSync(replicaDir, { recursive: true, force: true });
  await copy?.drop();
});

const report = async () => {
  const res = await app.inject({
    method: "POST",
    url: "/api/report/orderFrontEnd",
    headers: bearer(admin),
    payload: RECENT,
  });
  return res;
};
const placeOrder = () =>
  app.inject({
    method: "POST",
    url: "/api/order/add",
    headers: { ...bearer(practice), "idempotency-key": randomUUID() },
    payload: orderBody([{ id: PRODUCT, quantity: 1 }]),
  });

describe("reports on a streaming replica", () => {
  it(
    "read the replica: an order replayed late shows late, and the answer says how far behind it is",
    async () => {
      const before = await report();
      expect(before.statusCode, before.body).toBe(200);
      const count = before.json().found_rows as number;
      expect(before.json().data.freshness.replica_lag_seconds).toBeGreaterThanOrEqual(0);

      // Caught up with the set-up's writes first, so the order below is this file's only write left to
      // replay. Up to the primary's position now, not "nothing left to replay": the files beside this
      // one write to the same server all the time.
      const [primaryAt] = await queryRows<{ lsn: string }>(primary.db, sql`select pg_current_wal_lsn()::text as lsn`);
      await vi.waitFor(
        async () => {
          const replay = await replicaAdmin?.query<{ caught_up: boolean }>(
            "select pg_last_wal_replay_lsn() >= $1::pg_lsn as caught_up",
            [primaryAt?.lsn],
          );
          expect(replay?.rows[0]?.caught_up).toBe(true);
        },
        { timeout: REPLAY_WAIT_MS, interval: 50 },
      );
      await replicaAdmin?.query("select pg_wal_replay_pause()");
      const placed = await placeOrder();
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().data as number;
      placedId = orderId;
      // On the primary at once, on the replica not yet: the report is the replica's.
      const [onPrimary] = await queryRows<{ n: number }>(
        primary.db,
        sql`select count(*)::int as n from orders where id = ${orderId}`,
      );
      expect(onPrimary?.n).toBe(1);
      await vi.waitFor(
        async () => {
          const replay = await replicaAdmin?.query<{ behind: boolean }>(
            "select pg_last_wal_receive_lsn() > pg_last_wal_replay_lsn() as behind",
          );
          expect(replay?.rows[0]?.behind).toBe(true);
        },
        { timeout: 10_000, interval: 50 },
      );
      // Behind, and the answer says so (the lag grows from the last replayed commit on).
      await vi.waitFor(
        async () => {
          const paused = await report();
          expect(paused.statusCode).toBe(200);
          expect(paused.json().found_rows).toBe(count);
          const { as_of, replica_lag_seconds } = paused.json().data.freshness;
          expect(replica_lag_seconds).toBeGreaterThan(0);
          expect(Date.parse(as_of)).toBeLessThan(Date.now());
        },
        { timeout: 10_000, interval: 100 },
      );

      await replicaAdmin?.query("select pg_wal_replay_resume()");
      await vi.waitFor(
        async () => {
          const caughtUp = await report();
          expect(caughtUp.json().found_rows).toBe(count + 1);
          expect(caughtUp.json().data.rows.map((r: { id: number }) => r.id)).toContain(orderId);
          expect(caughtUp.json().data.freshness.replica_lag_seconds).toBe(0);
        },
        { timeout: REPLAY_WAIT_MS, interval: 100 },
      );
    },
    3 * REPLAY_WAIT_MS,
  );

  it("stream exports from the replica, while their codes are written and used up on the primary", async () => {
    const made = await app.inject({
      method: "POST",
      url: "/api/report/export",
      headers: bearer(admin),
      payload: { report: "order", filter: RECENT },
    });
    expect(made.statusCode, made.body).toBe(200);
    const csv = await app.inject({ method: "GET", url: made.json().data.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split("\n")[0]).toMatch(/^Order ID,Status,/);
    expect(csv.body.split("\n").some((line) => line.startsWith(`${placedId},`))).toBe(true);
    expect((await app.inject({ method: "GET", url: made.json().data.url })).statusCode).toBe(404);
  });

  it("a stopped replica answers 503 on reports and exports; health, sign-in and ordering go on", async () => {
    const made = await app.inject({
      method: "POST",
      url: "/api/report/export",
      headers: bearer(admin),
      payload: { report: "order", filter: RECENT },
    });
    expect(made.statusCode).toBe(200);
    await stopReplica();

    const down = await report();
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe("DATABASE_UNAVAILABLE");
    const download = await app.inject({ method: "GET", url: made.json().data.url });
    expect(download.statusCode).toBe(503);
    expect(download.json().error.code).toBe("DATABASE_UNAVAILABLE");
    // The download never started, so its code still works once the replica is back.
    const [kept] = await queryRows<{ n: number }>(
      primary.db,
      sql`select count(*)::int as n from report_exports where code_hash = ${hashToken(made.json().data.export_code)}`,
    );
    expect(kept?.n).toBe(1);

    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
    expect((await signInPractice(app)).access_token).toBeTruthy();
    expect((await placeOrder()).statusCode).toBe(200);
  });
});
