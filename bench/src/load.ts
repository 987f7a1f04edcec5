/**
 * Load benchmark (issue 10; bench/README.md "Load benchmark"): the built API under autocannon on a
 * PostgreSQL server with durable settings and on PGlite, next to the ceilings of the same machine
 * measured in the same run (bare Fastify, plain pg), then Lighthouse on the portal's pages.
 *
 *   npm run bench:load [-- --worktree [--no-build] | --commit REV] [--duration 8 --warmup 2
 *                       --turns 4 --practices 12 --no-lighthouse --no-readme
 *                       --wait-quiet SECONDS --only order/]
 *
 * --only TEXT[,TEXT…] measures only the API rows whose label contains one of the texts, and the
 * ceilings they are compared with (an A/B of a few routes in a third of the time).
 *
 * Every server runs in a process of its own; autocannon (the load generator) runs in this one.
 * Each row: a warm-up of --warmup seconds (not counted), then --duration seconds measured. A row
 * compared with a ceiling (a PGlite row: with the same request on PostgreSQL) is measured in turns
 * with it: both warmed up, then --turns slices of each, one after the other, its ratio of the
 * slices taken beside its own. This VM's speed drifts over minutes (a ceiling ran 2.5–3.4× faster in
 * one run than in another, the API not), and two rates measured minutes apart compared the drift.
 * --wait-quiet N waits up to N seconds for the 1-minute load average to fall below 0.5 first.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Options } from "autocannon";
import pg from "pg";
import { DEMO_PRACTICES } from "../../apps/api/src/db/seed/demo-people.ts";
import { type ApiUnderTest, prepareApi, ROOT, type RunningApi, startApi, stopProcess } from "./api-under-test.ts";
import { withCeilings } from "./ceilings.ts";
import { postmasterPid, untilIdle, waitQuiet } from "./cpu.ts";
import { type DurablePostgres, startDurablePostgres } from "./durable-postgres.ts";
import { type BenchTls, benchTls } from "./https.ts";
import { runLighthouse } from "./lighthouse.ts";
import { kib, type Run, render, writeReadme } from "./load-report.ts";
import { type Driver, type Row, type RowUnderLoad, run, runInTurns, type Target, type Timing } from "./load-rows.ts";
import { auth, type ListItem, orderRequests, post, prepareShoppers, type Shopper } from "./shoppers.ts";

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    turns: { type: "string", default: "4" },
    practices: { type: "string", default: "12" },
    "no-lighthouse": { type: "boolean", default: false },
    "no-readme": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    worktree: { type: "boolean", default: false },
    commit: { type: "string" },
    "wait-quiet": { type: "string", default: "0" },
    only: { type: "string" },
  },
});
const TIMING: Timing = { duration: Number(args.duration), warmup: Number(args.warmup), turns: Number(args.turns) };
const PRACTICES = DEMO_PRACTICES.slice(0, Number(args.practices));
const LIGHTHOUSE = !args["no-lighthouse"];
const README = join(ROOT, "bench", "README.md");
/** Connections of the table: 50 for reads, 10 for orders. */
const READ_CONNECTIONS = 50;
const ORDER_CONNECTIONS = 10;
/**
 * Lighthouse audits of each page on the mobile preset, the median score kept: its simulated 4×
 * slower CPU makes the score move by 2–3 points between audits of the same build on this machine.
 * Five, as Lighthouse's guide to variability advises (docs/variability.md: the median of five runs
 * moves about half as much as one run); three still let one slow audit of a page at 95–97 decide
 * its row. Desktop: one audit.
 */
const LIGHTHOUSE_MOBILE_RUNS = 5;

/** Whether --only keeps an API row (by its label). */
const ONLY = args.only?.split(",").filter(Boolean);
const measured = (label: string) => !ONLY || ONLY.some((text) => label.includes(text));

/** Cycles through `items`, one per request. */
function turns<T>(items: T[]) {
  let n = 0;
  return () => items[n++ % items.length] as T;
}

// ---------------------------------------------------------------------------------------------
// The portal under load

interface Portal {
  shoppers: Shopper[];
  /** The practice whose reads are measured (the first demo practice). */
  reader: Shopper;
  listBytes: Buffer;
  listCount: number;
  productIds: number[];
  orderIds: number[];
}

/**
 * Signs in the demo practices (by address) and the administrator, stocks every product kept in
 * inventory generously (so no order of the run is refused for stock), and reads what the requests
 * need: each practice's delivery method and orderable products, the reader's orders.
 */
async function preparePortal(base: string): Promise<Portal> {
  const shoppers = await prepareShoppers(base, PRACTICES, "load benchmark");
  const reader = shoppers[0];
  if (!reader) throw new Error("--practices must be at least 1");
  const res = await fetch(`${base}/api/product/list`, { method: "POST", headers: auth(reader.token), body: "{}" });
  const listBytes = Buffer.from(await res.arrayBuffer());
  const list = JSON.parse(listBytes.toString()) as { data: ListItem[] };
  const orders = await post<{ data: { id: number }[] }>(base, "/api/order/list", { limit: 100 }, reader.token);
  if (!orders.data.length) throw new Error("the reader has no orders to read (is the demo data seeded?)");
  return {
    shoppers,
    reader,
    listBytes,
    listCount: list.data.length,
    productIds: list.data.map((p) => p.id),
    orderIds: orders.data.map((o) => o.id),
  };
}

/** The table for one driver: its rows, on the API at `base`. */
function portalCases(base: string, driver: Driver, portal: Portal, servers: () => number[]): RowUnderLoad[] {
  const token = portal.reader.token;
  const nextProduct = turns(portal.productIds);
  const nextOrder = turns(portal.orderIds);
  const read = (path: string, body: () => unknown): Options => ({
    url: base,
    connections: READ_CONNECTIONS,
    requests: [
      {
        method: "POST",
        path,
        headers: auth(token),
        setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
      },
    ],
  });
  const onPg = driver === "PostgreSQL";
  const small: Target = onPg ? { ratio: 0.15, p99Ms: 25 } : {};
  const kb = (portal.listBytes.length / 1024).toFixed(1);
  const cases: [Pick<Row, "label" | "ceiling" | "target">, Options][] = [
    [
      {
        label: `POST /api/product/list (all ${portal.listCount} products, ${kb} KB)`,
        ceiling: "bytes",
        target: onPg ? { ratio: 0.5, p99Ms: 25 } : { ratio: 0.2 },
      },
      read("/api/product/list", () => ({})),
    ],
    [
      { label: "POST /api/product/categories", ceiling: "hello", target: small },
      read("/api/product/categories", () => ({})),
    ],
    [
      {
        label: `POST /api/product/query (product detail, ${portal.productIds.length} products in turn)`,
        ceiling: "hello",
        target: small,
      },
      read("/api/product/query", () => ({ id: nextProduct() })),
    ],
    [
      {
        label: "POST /api/order/list (My Orders, first page)",
        ceiling: "pg order list",
        target: onPg ? { ratio: 0.5 } : {},
      },
      read("/api/order/list", () => ({})),
    ],
    [
      {
        label: `POST /api/order/query (order detail, ${portal.orderIds.length} orders in turn)`,
        ceiling: "pg order query",
        target: onPg ? { ratio: 0.5 } : {},
      },
      read("/api/order/query", () => ({ id: nextOrder() })),
    ],
    [
      {
        label: `POST /api/order/add (${portal.shoppers.length} practices, 1–3 products, a new Idempotency-Key each)`,
        ceiling: "pg order one",
        target: onPg ? { ratio: 0.7, p99Ms: 50 } : { ofPostgres: 0.5 },
      },
      { url: base, connections: ORDER_CONNECTIONS, requests: [orderRequests(portal.shoppers)] },
    ],
  ];
  return cases
    .filter(([row]) => measured(row.label))
    .map(([row, options]) => ({
      row: { ...row, driver, connections: options.connections ?? 10, api: true, servers },
      options,
    }));
}

/**
 * Measures each case, in turns with what it is compared with when `beside` names it (its ceiling,
 * or the same request on PostgreSQL), else alone.
 */
async function measure(cases: RowUnderLoad[], beside: (c: RowUnderLoad) => RowUnderLoad | undefined): Promise<Row[]> {
  const rows: Row[] = [];
  for (const c of cases) {
    const reference = beside(c);
    rows.push(await (reference ? runInTurns(c, reference, TIMING) : run(c.row, c.options, TIMING)));
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (bench/src/lighthouse.ts)

/**
 * After the load and before the audits: PostgreSQL checkpoints and vacuums what the orders wrote,
 * and the machine falls idle (at most 10 % busy over 5 s, waiting 3 minutes at most), so that the
 * audits measure the pages, not the storm's aftermath.
 */
async function settle(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("VACUUM (ANALYZE)");
    await client.query("CHECKPOINT");
  } finally {
    await client.end();
  }
  return untilIdle(0.1, 5_000, 180_000);
}

/**
 * Lighthouse on the portal over HTTPS, as a deployed one is served (decision 049): an API process of
 * its own on the same database, with a certificate the browser trusts.
 */
async function lighthouse(api: ApiUnderTest, databaseUrl: string): Promise<NonNullable<Run["lighthouse"]>> {
  const tls = await benchTls();
  try {
    const busy = await settle(databaseUrl);
    console.log(`Lighthouse (the machine ${Math.round(busy * 100)} % busy over the last 5 s) …`);
    const options = { runsByPreset: { mobile: LIGHTHOUSE_MOBILE_RUNS }, chromiumFlags: [tls.chromiumFlag] };
    const rows = await onApi(api, { DATABASE_URL: databaseUrl }, ({ base }) => runLighthouse(base, options), tls);
    for (const r of rows)
      console.log(
        `  ${r.page} ${r.preset}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, ${kib(r.transferBytes)} KiB (JS ${kib(r.scriptBytes)} KiB)`,
      );
    return { rows, busy, mobileRuns: LIGHTHOUSE_MOBILE_RUNS };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    console.log(`Lighthouse failed: ${error}`);
    return { rows: [], error };
  } finally {
    tls.remove();
  }
}

// ---------------------------------------------------------------------------------------------
// The run

async function onApi<T>(
  api: ApiUnderTest,
  env: Record<string, string>,
  fn: (running: RunningApi) => Promise<T>,
  tls?: BenchTls,
) {
  const running = await startApi(
    api.serverJs,
    // The runner and Lighthouse sign in a few dozen times from one address.
    { LOG_LEVEL: "warn", SEED_DEMO_DATA: "true", LOGIN_RATE_LIMIT_PER_IP: "10000", ...env },
    { timeoutMs: 5 * 60_000, tls },
  );
  try {
    return await fn(running);
  } finally {
    await stopProcess(running.child);
  }
}

async function main() {
  await waitQuiet(Number(args["wait-quiet"]));
  const started = new Date();
  const loadBefore = os.loadavg();
  const api = prepareApi({ worktree: args.worktree, commit: args.commit, build: !args["no-build"], web: LIGHTHOUSE });
  console.log(`API under test: ${api.source} (${api.build})`);
  const scratch = mkdtempSync(join(os.tmpdir(), "vetportal-load."));
  let postgres: DurablePostgres | undefined;
  const result: Run = { started, loadBefore, api, postgres: "", rows: [], timing: TIMING };
  try {
    postgres = await startDurablePostgres({ prefix: "vetportal-load-pg", database: "vetportal_load" });
    result.postgres = await postgres.describe();
    console.log(`PostgreSQL: ${result.postgres}`);
    const pgUrl = postgres.url;

    const pgPids = () => [postmasterPid(join((postgres as DurablePostgres).dir, "data")) ?? 0];
    await onApi(api, { DATABASE_URL: pgUrl }, async (pgApi) => {
      const portal = await preparePortal(pgApi.base);
      const pgCases = portalCases(pgApi.base, "PostgreSQL", portal, () => [pgApi.child.pid ?? 0, ...pgPids()]);
      const input = {
        token: portal.reader.token,
        listBytes: portal.listBytes,
        orderIds: portal.orderIds,
        readConnections: READ_CONNECTIONS,
        orderConnections: ORDER_CONNECTIONS,
      };
      // With --only, the ceilings the measured rows are compared with.
      const wanted = ONLY && new Set(pgCases.map((c) => c.row.ceiling));
      const ceilingRows = await withCeilings(input, pgUrl, scratch, TIMING, wanted || undefined, pgPids, async (up) => {
        result.rows.push(...(await measure(pgCases, (c) => (c.row.ceiling ? up.get(c.row.ceiling) : undefined))));
      });
      result.rows.unshift(...ceilingRows);

      // PGlite in a process of its own beside PostgreSQL's API (an empty DATABASE_URL is no database
      // URL: the API opens PGlite in DATA_DIR). A row compared with PostgreSQL's is measured in turns
      // with the same request on PostgreSQL, in a row of its own (the table's keeps its figures).
      await onApi(api, { DATABASE_URL: "", DATA_DIR: join(scratch, "pglite") }, async (lite) => {
        const liteCases = portalCases(lite.base, "PGlite", await preparePortal(lite.base), () => [lite.child.pid ?? 0]);
        const onPostgres = (c: RowUnderLoad) => {
          const same = pgCases.find((p) => p.row.label === c.row.label);
          if (c.row.target?.ofPostgres === undefined || !same) return undefined;
          const { label, driver, connections, api: isApi, servers } = same.row;
          return { row: { label, driver, connections, api: isApi, servers }, options: same.options };
        };
        result.rows.push(...(await measure(liteCases, onPostgres)));
      });
    });
    if (LIGHTHOUSE) result.lighthouse = await lighthouse(api, pgUrl);
  } finally {
    postgres?.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }

  const markdown = render(result);
  console.log(`\n${markdown}`);
  if (!args["no-readme"]) {
    writeReadme(README, markdown);
    console.log(`Results written into ${README}`);
  }
}

await main();
