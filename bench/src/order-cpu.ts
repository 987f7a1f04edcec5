/**
 * Where an order's CPU goes (issue 22 §2): `POST /api/order/add` as bench:load sends it (10
 * connections, the next demo practice, 1–3 of its products, a new Idempotency-Key each) against a
 * fresh durable PostgreSQL server with pg_stat_statements, then prints
 * - orders per second and p99;
 * - the CPU per order of the API process and of the PostgreSQL server's processes, apart (bench:load
 *   shows their sum);
 * - the statements PostgreSQL spent its time in (pg_stat_statements: calls, total and mean time,
 *   the triggers' own statements among them).
 * `--without-rollups` disables the report rollups' insert triggers first (decision 010), to measure
 * what they cost; a portal without them gives wrong reports, so it is a measurement only.
 * `--connections 1` places one order at a time: what an order costs with no other order waiting on
 * its locks or its CPU.
 *
 *   npm run bench:order-cpu -- [--worktree | --commit REV] [--no-build] [--duration 8] [--connections 10] [--without-rollups]
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import pg from "pg";
import { DEMO_PRACTICES } from "../../apps/api/src/db/seed/demo-people.ts";
import { prepareApi, startApi, stopProcess } from "./api-under-test.ts";
import { cpuSince, cpuTicks, postmasterPid } from "./cpu.ts";
import { startDurablePostgres } from "./durable-postgres.ts";
import { orderRequests, prepareShoppers } from "./shoppers.ts";

const { values: args } = parseArgs({
  options: {
    worktree: { type: "boolean", default: false },
    commit: { type: "string" },
    "no-build": { type: "boolean", default: false },
    duration: { type: "string", default: "8" },
    connections: { type: "string", default: "10" },
    "without-rollups": { type: "boolean", default: false },
  },
});
const DURATION = Number(args.duration);
if (!(DURATION > 0)) throw new Error("--duration must be a positive number of seconds");
const CONNECTIONS = Number(args.connections);
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) throw new Error("--connections must be a whole number ≥ 1");

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const api = prepareApi({ worktree: args.worktree, commit: args.commit, build: !args["no-build"] });
const database = await startDurablePostgres({
  prefix: "vetportal-order-cpu",
  database: "order_cpu",
  settings: { shared_preload_libraries: "pg_stat_statements", "pg_stat_statements.track": "all" },
});
const running = await startApi(api.serverJs, {
  DATABASE_URL: database.url,
  LOG_LEVEL: "warn",
  SEED_DEMO_DATA: "true",
  LOGIN_RATE_LIMIT_PER_IP: "10000",
});
try {
  await sql(database.url, "create extension if not exists pg_stat_statements");
  if (args["without-rollups"])
    await sql(
      database.url,
      `alter table order_products disable trigger report_lines_inserted;
       alter table inventory_transactions disable trigger report_ledger_inserted`,
    );
  const shoppers = await prepareShoppers(running.base, DEMO_PRACTICES.slice(0, 12), "order CPU benchmark");
  const options = { url: running.base, connections: CONNECTIONS, requests: [orderRequests(shoppers)] };
  await autocannon({ ...options, duration: 2 });
  await sql(database.url, "select pg_stat_statements_reset()");
  const apiPid = running.child.pid ?? 0;
  const postmaster = postmasterPid(join(database.dir, "data")) ?? 0;
  const [api0, db0] = [cpuTicks([apiPid]), cpuTicks([postmaster])];
  const result = await autocannon({ ...options, duration: DURATION });
  const [apiCpu, dbCpu] = [cpuSince(api0, [apiPid]), cpuSince(db0, [postmaster])];
  const orders = result.requests.total;
  const perOrder = (seconds: number) => `${((seconds * 1000) / orders).toFixed(2)} ms`;
  console.log(`API under test: ${api.source}; ${await database.describe()}`);
  console.log(
    `order/add${args["without-rollups"] ? " without the rollup triggers" : ""}, ${CONNECTIONS} connection(s): ` +
      `${Math.round(orders / DURATION)}/s, ` +
      `p99 ${result.latency.p99} ms, ${result.non2xx + result.errors} errors; CPU per order: ` +
      `API ${perOrder(apiCpu)}, PostgreSQL ${perOrder(dbCpu)}`,
  );
  const statements = await sql(
    database.url,
    `select calls, round(total_exec_time::numeric, 1) as total_ms, round(mean_exec_time::numeric, 3) as mean_ms,
       left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as statement
     from pg_stat_statements order by total_exec_time desc limit 12`,
  );
  console.table(statements);
} finally {
  await stopProcess(running.child);
  database.destroy();
}
