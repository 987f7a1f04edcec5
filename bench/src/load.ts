/**
 * Load benchmark (issue 10; bench/README.md "Load benchmark"): the built API under autocannon on a
 * PostgreSQL server with durable settings and on PGlite, next to the ceilings of the same machine
 * measured in the same run (bare Fastify, plain pg), then Lighthouse on the portal's pages.
 *
 *   npm run bench:load [-- --worktree [--no-build] | --commit REV] [--duration 8 --warmup 2
 *                       --practices 12 --no-lighthouse --no-readme --wait-quiet SECONDS]
 *
 * Every server runs in a process of its own; autocannon (the load generator) runs in this one.
 * Each row: a warm-up of --warmup seconds (not counted), then --duration seconds measured.
 * --wait-quiet N waits up to N seconds for the 1-minute load average to fall below 0.5 first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type Options, type Request, type Result } from "autocannon";
import { DEMO_PRACTICES } from "../../apps/api/src/db/seed/demo-people.ts";
import {
  type ApiUnderTest,
  freePort,
  prepareApi,
  ROOT,
  type RunningApi,
  sleep,
  startApi,
  stopProcess,
} from "./api-under-test.ts";
import { type DurablePostgres, startDurablePostgres } from "./durable-postgres.ts";
import { formatTable, type LighthouseResult, runLighthouse } from "./lighthouse.ts";
import { auth, json, type ListItem, orderItems, post, prepareShoppers, type Shopper } from "./shoppers.ts";

const kib = (bytes: number) => Math.round(bytes / 1024);

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "8" },
    warmup: { type: "string", default: "2" },
    practices: { type: "string", default: "12" },
    "no-lighthouse": { type: "boolean", default: false },
    "no-readme": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    worktree: { type: "boolean", default: false },
    commit: { type: "string" },
    "wait-quiet": { type: "string", default: "0" },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const PRACTICES = DEMO_PRACTICES.slice(0, Number(args.practices));
const LIGHTHOUSE = !args["no-lighthouse"];
const BENCH_DIR = join(ROOT, "bench");
const README = join(BENCH_DIR, "README.md");
/** Connections of the issue's table: 50 for reads, 10 for orders. */
const READ_CONNECTIONS = 50;
const ORDER_CONNECTIONS = 10;

type Driver = "PostgreSQL" | "PGlite";
interface Target {
  /** Of the ceiling's rate. */
  ratio?: number;
  /** Requests (orders) per second. */
  rate?: number;
  p99Ms?: number;
}
interface Row {
  label: string;
  driver: Driver | "—";
  connections: number;
  result?: Result;
  error?: string;
  /** The ceiling this row is (API rows: is compared with). */
  ceiling?: Ceiling;
  /** Applies to the driver of the row; "no errors" is part of every API row's target. */
  target?: Target;
  api: boolean;
}

const int = (x: number) => Math.round(x).toLocaleString("en-US");
const ms = (x: number) => (x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`);
const rateOf = (r: Result) => r.requests.total / r.duration;
const errorsOf = (r: Result) => r.non2xx + r.errors;

/** A warm-up run (not counted), then the measured one. */
async function measure(options: Options): Promise<Result> {
  if (WARMUP > 0) await autocannon({ ...options, duration: WARMUP });
  return autocannon({ ...options, duration: DURATION });
}

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

/** The body of the next order: the next practice, 1–3 of its products in turn, at their minimum quantity. */
function orderRequests(shoppers: Shopper[]): Request {
  let n = 0;
  return {
    method: "POST",
    path: "/api/order/add",
    setupRequest: (request) => {
      const shopper = shoppers[n % shoppers.length] as Shopper;
      const k = Math.floor(n / shoppers.length);
      n++;
      const count = 1 + (n % 3);
      const items = orderItems(shopper, k, count);
      return {
        ...request,
        headers: { ...auth(shopper.token), "idempotency-key": randomUUID() },
        body: JSON.stringify({
          contact_name: "Load Bench",
          contact_phone: "415-555-0101",
          email: "load@bench.test",
          delivery_method_id: shopper.deliveryMethodId,
          items,
        }),
      };
    },
  };
}

/** The issue's table for one driver, on a running API. */
async function loadPortal(base: string, driver: Driver, portal: Portal): Promise<Row[]> {
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
  const cases: [Omit<Row, "driver" | "connections" | "api">, Options][] = [
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
      { label: "POST /api/order/list (My Orders, first page)", ceiling: "hello", target: small },
      read("/api/order/list", () => ({})),
    ],
    [
      {
        label: `POST /api/order/query (order detail, ${portal.orderIds.length} orders in turn)`,
        ceiling: "hello",
        target: small,
      },
      read("/api/order/query", () => ({ id: nextOrder() })),
    ],
    [
      {
        label: `POST /api/order/add (${portal.shoppers.length} practices, 1–3 products, a new Idempotency-Key each)`,
        ceiling: "pg order",
        target: onPg ? { rate: 1500, p99Ms: 50 } : { rate: 500 },
      },
      { url: base, connections: ORDER_CONNECTIONS, requests: [orderRequests(portal.shoppers)] },
    ],
  ];
  const rows: Row[] = [];
  for (const [row, options] of cases)
    rows.push(await run({ ...row, driver, connections: options.connections ?? 10, api: true }, options));
  return rows;
}

async function run(row: Row, options: Options): Promise<Row> {
  process.stdout.write(`${row.driver === "—" ? "" : `${row.driver}: `}${row.label}, ${row.connections} connections … `);
  try {
    row.result = await measure({ timeout: 10, ...options });
    const r = row.result;
    console.log(
      `${int(rateOf(r))}/s, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, errors ${errorsOf(r)}` +
        (errorsOf(r) ? ` (${JSON.stringify(r.statusCodeStats)})` : ""),
    );
  } catch (err) {
    row.error = err instanceof Error ? err.message : String(err);
    console.log(`failed: ${row.error}`);
  }
  return row;
}

// ---------------------------------------------------------------------------------------------
// Ceilings

/** The ceilings, by the short name the API rows refer to them with. */
const CEILING = {
  hello: 'bare Fastify `GET /` → `{"hello":"world"}`',
  bytes: "bare Fastify serving the product list's bytes from memory",
  "pg catalogue": "plain `pg` + Fastify catalogue (one prepared query, no ORM)",
  "pg order": "plain `pg` order transaction (order, stock update and ledger row per stocked product, lines, status)",
} as const;
type Ceiling = keyof typeof CEILING;

async function startCeiling(mode: string, env: Record<string, string>, ...rest: string[]) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", join(BENCH_DIR, "src/ceiling-server.ts"), mode, ...rest], {
    cwd: BENCH_DIR,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (b: Buffer) => {
      if (b.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`ceiling ${mode} exited with ${code}`)));
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

interface CeilingServer {
  /** ceiling-server.ts's mode and its arguments. */
  mode: string;
  args?: string[];
  env?: Record<string, string>;
  /** Added to the row's label. */
  note?: string;
}

async function ceilingRow(
  ceiling: Ceiling,
  driver: Row["driver"],
  server: CeilingServer,
  request: Omit<Options, "url"> & { path: string },
): Promise<Row> {
  const label = server.note ? `${CEILING[ceiling]} (${server.note})` : CEILING[ceiling];
  const row: Row = { ceiling, label, driver, connections: request.connections ?? 10, api: false };
  let child: ChildProcess | undefined;
  try {
    const started = await startCeiling(server.mode, server.env ?? {}, ...(server.args ?? []));
    child = started.child;
    const { path, ...options } = request;
    return await run(row, { ...options, url: `${started.base}${path}` });
  } catch (err) {
    row.error = err instanceof Error ? err.message : String(err);
    console.log(`${label}: failed: ${row.error}`);
    return row;
  } finally {
    if (child) await stopProcess(child);
  }
}

async function ceilings(portal: Portal, databaseUrl: string, scratch: string): Promise<Row[]> {
  const file = join(scratch, "product-list.json");
  writeFileSync(file, portal.listBytes);
  const list = {
    connections: READ_CONNECTIONS,
    method: "POST",
    path: "/api/product/list",
    headers: auth(portal.reader.token),
    body: "{}",
  };
  const pg = { DATABASE_URL: databaseUrl };
  const kb = `${(portal.listBytes.length / 1024).toFixed(1)} KB`;
  return [
    await ceilingRow("hello", "—", { mode: "hello" }, { connections: READ_CONNECTIONS, path: "/" }),
    await ceilingRow("bytes", "—", { mode: "bytes", args: [file], note: kb }, list),
    await ceilingRow("pg catalogue", "PostgreSQL", { mode: "pg-catalogue", env: pg }, list),
    await ceilingRow(
      "pg order",
      "PostgreSQL",
      { mode: "pg-order", env: pg },
      { connections: ORDER_CONNECTIONS, method: "POST", path: "/api/order/add", headers: json, body: "{}" },
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Lighthouse (bench/src/lighthouse.ts)

async function lighthouse(base: string): Promise<{ rows: LighthouseResult[]; error?: string }> {
  try {
    console.log("Lighthouse …");
    const rows = await runLighthouse(base);
    for (const r of rows)
      console.log(
        `  ${r.page} ${r.preset}: performance ${r.performance}, accessibility ${r.accessibility}, best practices ${r.bestPractices}, ${kib(r.transferBytes)} KiB (JS ${kib(r.scriptBytes)} KiB)`,
      );
    return { rows };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    console.log(`Lighthouse failed: ${error}`);
    return { rows: [], error };
  }
}

// ---------------------------------------------------------------------------------------------
// The run

interface Run {
  started: Date;
  loadBefore: number[];
  api: ApiUnderTest;
  postgres: string;
  rows: Row[];
  portal?: Portal;
  lighthouse?: { rows: LighthouseResult[]; error?: string };
}

async function onApi<T>(api: ApiUnderTest, env: Record<string, string>, fn: (running: RunningApi) => Promise<T>) {
  const running = await startApi(
    api.serverJs,
    // The runner and Lighthouse sign in a few dozen times from one address.
    { LOG_LEVEL: "warn", SEED_DEMO_DATA: "true", LOGIN_RATE_LIMIT_PER_IP: "10000", ...env },
    5 * 60_000,
  );
  try {
    return await fn(running);
  } finally {
    await stopProcess(running.child);
  }
}

async function waitQuiet(seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while ((os.loadavg()[0] ?? 0) >= 0.5 && Date.now() < deadline) {
    console.log(`Waiting for a quiet machine: load ${(os.loadavg()[0] ?? 0).toFixed(2)}`);
    await sleep(15_000);
  }
}

async function main() {
  if (Number(args["wait-quiet"]) > 0) await waitQuiet(Number(args["wait-quiet"]));
  const started = new Date();
  const loadBefore = os.loadavg();
  const api = prepareApi({ worktree: args.worktree, commit: args.commit, build: !args["no-build"], web: LIGHTHOUSE });
  console.log(`API under test: ${api.source} (${api.build})`);
  const scratch = mkdtempSync(join(os.tmpdir(), "vetportal-load."));
  let postgres: DurablePostgres | undefined;
  const result: Run = { started, loadBefore, api, postgres: "", rows: [] };
  try {
    postgres = await startDurablePostgres({ prefix: "vetportal-load-pg", database: "vetportal_load" });
    result.postgres = await postgres.describe();
    console.log(`PostgreSQL: ${result.postgres}`);
    const pgUrl = postgres.url;

    let portal: Portal | undefined;
    await onApi(api, { DATABASE_URL: pgUrl }, async ({ base }) => {
      portal = await preparePortal(base);
      result.portal = portal;
      result.rows.push(...(await loadPortal(base, "PostgreSQL", portal)));
      if (LIGHTHOUSE) result.lighthouse = await lighthouse(base);
    });
    if (!portal) throw new Error("the portal was not prepared");
    result.rows.unshift(...(await ceilings(portal, pgUrl, scratch)));

    // An empty DATABASE_URL is no database URL: the API opens PGlite in DATA_DIR.
    await onApi(api, { DATABASE_URL: "", DATA_DIR: join(scratch, "pglite") }, async ({ base }) => {
      result.rows.push(...(await loadPortal(base, "PGlite", await preparePortal(base))));
    });
  } finally {
    postgres?.destroy();
    rmSync(scratch, { recursive: true, force: true });
  }

  const markdown = render(result);
  console.log(`\n${markdown}`);
  if (!args["no-readme"]) {
    writeReadme(markdown);
    console.log(`Results written into ${README}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The report

function verdict(row: Row, rows: Row[]): { ratio: string; target: string; result: string } {
  const ceiling = row.api ? rows.find((c) => !c.api && c.ceiling === row.ceiling) : undefined;
  const r = row.result;
  const c = ceiling?.result;
  const ratio = r && c ? rateOf(r) / rateOf(c) : undefined;
  const shown = ratio === undefined ? "—" : `${ratio.toFixed(2)}× (${row.ceiling})`;
  const t = row.target;
  if (!row.api || !t || (t.ratio === undefined && t.rate === undefined && t.p99Ms === undefined))
    return { ratio: shown, target: "—", result: "—" };
  const parts = [
    t.ratio !== undefined ? `≥ ${t.ratio}× ceiling` : "",
    t.rate !== undefined ? `≥ ${int(t.rate)}/s` : "",
    t.p99Ms !== undefined ? `p99 ≤ ${t.p99Ms} ms` : "",
    "0 errors",
  ].filter(Boolean);
  if (!r) return { ratio: "n/a", target: parts.join(", "), result: `not run (${row.error})` };
  const misses = [
    t.ratio !== undefined && (ratio === undefined || ratio < t.ratio) ? "ratio" : "",
    t.rate !== undefined && rateOf(r) < t.rate ? "rate" : "",
    t.p99Ms !== undefined && r.latency.p99 > t.p99Ms ? "p99" : "",
    errorsOf(r) ? "errors" : "",
  ].filter(Boolean);
  return {
    ratio: shown,
    target: parts.join(", "),
    result: misses.length ? `**MISS** (${misses.join(", ")})` : "pass",
  };
}

function render(run: Run): string {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const command = `npm run bench:load${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const lines: string[] = [];
  lines.push(
    `Run ${run.started.toISOString().slice(0, 16).replace("T", " ")} UTC · \`${command}\` · API under test: ${run.api.source}`,
  );
  lines.push("");
  lines.push(
    `Machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}, ` +
      `load average before ${run.loadBefore.map((x) => x.toFixed(2)).join(" / ")}, after ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" / ")}. Servers: ${run.postgres} (a fresh throw-away server); PGlite in a fresh DATA_DIR; ` +
      "both seeded with the demo data by the API itself, which runs with `LOG_LEVEL=warn`.",
  );
  lines.push("");
  lines.push(
    `Each row: autocannon in the runner's process, the server in its own; ${WARMUP} s warm-up (not counted), then ` +
      `${DURATION} s measured. Req/s = responses ÷ seconds; errors = non-2xx answers + connection errors and ` +
      "timeouts. × ceiling = req/s ÷ the ceiling's req/s in this run. Reads are one practice's (the first demo " +
      "practice); targets of issue 10 that name no database apply to PostgreSQL.",
  );
  lines.push("");
  lines.push("| Request | Database | Connections | Req/s | p50 | p99 | Errors | × ceiling | Target | Result |");
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|---|---|");
  for (const row of run.rows) {
    const r = row.result;
    const v = verdict(row, run.rows);
    lines.push(
      `| ${row.api ? row.label : `${row.label} — *${row.ceiling}*`} | ${row.driver} | ${row.connections} | ${r ? int(rateOf(r)) : "n/a"} | ${
        r ? ms(r.latency.p50) : "n/a"
      } | ${r ? ms(r.latency.p99) : "n/a"} | ${r ? int(errorsOf(r)) : (row.error ?? "n/a")} | ${v.ratio} | ${v.target} | ${v.result} |`,
    );
  }
  if (run.lighthouse) {
    lines.push("");
    if (run.lighthouse.error) lines.push(`Lighthouse failed: ${run.lighthouse.error}`);
    else {
      lines.push(
        "Lighthouse (`bench/src/lighthouse.ts`) on the portal served by the PostgreSQL API above, after its load: " +
          "the nine pages of issue 22, signed in as the first demo practice (the order report as the administrator). " +
          "Targets: performance 100 on desktop and ≥ 95 on mobile, accessibility 100.",
      );
      lines.push("");
      lines.push(formatTable(run.lighthouse.rows));
    }
  }
  return lines.join("\n");
}

function writeReadme(markdown: string) {
  const start = "<!-- load:start -->";
  const end = "<!-- load:end -->";
  const text = readFileSync(README, "utf8");
  const block = `${start}\n${markdown}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next =
    i !== -1 && j > i
      ? `${text.slice(0, i)}${block}${text.slice(j + end.length)}`
      : `${text.trimEnd()}\n\n## Load benchmark (issue 10)\n\n${block}\n`;
  writeFileSync(README, next);
}

await main();
