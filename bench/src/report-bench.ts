/**
 * Report benchmark (issue 5 "Performance"; bench/README.md): times the five views of
 * POST /api/report/orderFrontEnd and the CSV exports against the built API on a PostgreSQL
 * database filled by generate-data.ts, next to PostgreSQL alone running the same SQL.
 *
 *   DATABASE_URL=postgres://… npm run bench:reports [-- --runs 15 --warmups 2 --export-runs 3
 *                            --commit HEAD | --worktree [--no-build]  --views 1,2 --no-exports --no-readme
 *                            --wait-quiet 900]
 *
 * --wait-quiet N waits up to N seconds for the 1-minute load average to fall below 0.5 first (the
 * machine has 2 cores; tests running beside the benchmark make its figures noisy).
 *
 * By default the API under test is a commit (HEAD unless --commit names another): its apps/api and
 * packages/contract are exported with git archive into /tmp/vetportal-bench-api/<sha>, built there
 * and run from there, so edits in progress in the working tree never leak into the figures (nor
 * half-written migrations into the database). --worktree runs apps/api/dist of the working tree
 * instead (built with npm run build when missing or older than the sources, unless --no-build).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  OrderReportRequestSchema,
  PORTAL_TIME_ZONE,
  REPORT_PAGE_SIZE,
  type ReportFilter,
  type ReportFilterInput,
  ReportFilterSchema,
  SEARCH_BY,
  type SearchBy,
} from "@vetportal/contract";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { DEMO_ADMIN } from "../../apps/api/src/db/seed/index.ts";
import { type ApiUnderTest, prepareApi, ROOT, sleep, startApi, stopProcess } from "./api-under-test.ts";

const { values: args } = parseArgs({
  options: {
    runs: { type: "string", default: "15" },
    warmups: { type: "string", default: "2" },
    "export-runs": { type: "string", default: "3" },
    views: { type: "string", default: "1,2,3,4,5" },
    "no-exports": { type: "boolean", default: false },
    "no-readme": { type: "boolean", default: false },
    "no-build": { type: "boolean", default: false },
    commit: { type: "string" },
    "wait-quiet": { type: "string", default: "0" },
    worktree: { type: "boolean", default: false },
  },
});

const BENCH_DIR = join(ROOT, "bench");
const README = join(BENCH_DIR, "README.md");
const RESULTS_DIR = join(BENCH_DIR, "results");
const RUNS = Number(args.runs);
const WARMUPS = Number(args.warmups);
const EXPORT_RUNS = Number(args["export-runs"]);
const VIEWS = (args.views ?? "")
  .split(",")
  .map(Number)
  .filter((v): v is SearchBy => v >= 1 && v <= 5);
const CUSTOMER_ID = Number(process.env.CUSTOMER_ID ?? 1850);
/** Targets of issue 5, in ms (views) and as a ratio / ms / MB (the order export). */
const TARGET_MS: Record<SearchBy, number> = { 1: 200, 2: 500, 3: 500, 4: 500, 5: 500 };
const EXPORT_TARGET = { ratio: 0.5, firstByteMs: 500, rssMb: 100 };

const DATABASE_URL = process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.error("Set DATABASE_URL (bench/scripts/postgres.sh start prints one).");
  process.exit(2);
}

/** What the benchmark needs from the reports module (apps/api/src/modules/reports/report-sql.ts). */
interface ReportSqlModule {
  orderReportSql(f: ReportFilter, customerId: number, page: { limit: number; offset: number }): Statements;
  orderExportSql(f: ReportFilter, customerId: number): unknown;
  inlineSql(query: unknown): string;
}
/** `totals` is null when the rows statement carries the totals itself (the grouped views). */
interface Statements {
  rows: unknown;
  totals: unknown | null;
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const now = () => performance.now();

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
/** Nearest-rank percentile (with 15 runs, p95 is the slowest run). */
function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] as number;
}
const ms = (x: number | null | undefined) =>
  x == null ? "n/a" : x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`;
const ratio = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "n/a" : `${x.toFixed(2)}×`);
const int = (x: number) => x.toLocaleString("en-US");

/** Counts CSV records in a byte stream without buffering it (newlines outside quotes). */
class CsvCounter {
  records = 0;
  bytes = 0;
  private inQuote = false;
  private last = 0x0a;
  push(chunk: Uint8Array) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.bytes += buf.length;
    if (!buf.length) return;
    this.last = buf[buf.length - 1] as number;
    if (!this.inQuote && buf.indexOf(0x22) === -1) {
      for (let i = buf.indexOf(0x0a); i !== -1; i = buf.indexOf(0x0a, i + 1)) this.records++;
      return;
    }
    for (let i = 0; i < buf.length; i++) {
      const c = buf[i];
      if (c === 0x22) this.inQuote = !this.inQuote;
      else if (c === 0x0a && !this.inQuote) this.records++;
    }
  }
  /** Data rows: records without the header row. */
  get rows() {
    const records = this.records + (this.bytes && this.last !== 0x0a ? 1 : 0);
    return Math.max(0, records - 1);
  }
}

/** Samples a process's resident set size (VmRSS) every 50 ms. */
function rssSampler(pid: number) {
  const read = () => {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  };
  const before = read();
  let max = before;
  const timer = setInterval(() => {
    max = Math.max(max, read());
  }, 50);
  return {
    before,
    stop() {
      clearInterval(timer);
      max = Math.max(max, read());
      return { before, max, growth: max - before };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Measurements

interface ViewResult {
  searchBy: SearchBy;
  name: string;
  api: number[] | null;
  apiError?: string;
  foundRows?: number;
  pgRows: number[] | null;
  pgTotals: number[] | null;
}

interface ExportResult {
  searchBy: SearchBy;
  name: string;
  api: { exportMs: number; firstByteMs: number; totalMs: number; rows: number; bytes: number; rssGrowth: number }[];
  apiError?: string;
  copy: { firstByteMs: number; totalMs: number; rows: number; bytes: number }[];
}

async function timeView(base: string, token: string, body: unknown) {
  const t0 = now();
  const res = await fetch(`${base}/api/report/orderFrontEnd`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result?: number; found_rows?: number; error?: { message?: string } };
  const elapsed = now() - t0;
  if (!res.ok || json.result !== 1) throw new Error(`HTTP ${res.status}: ${json.error?.message ?? "no result"}`);
  return { elapsed, foundRows: json.found_rows ?? 0 };
}

async function timeSql(client: pg.Client, text: string) {
  const t0 = now();
  await client.query(text);
  return now() - t0;
}

async function copyExport(client: pg.Client, query: string) {
  const counter = new CsvCounter();
  const t0 = now();
  let first = 0;
  const stream = client.query(copyTo(`COPY (${query}) TO STDOUT WITH (FORMAT csv, HEADER)`));
  for await (const chunk of stream) {
    if (!first) first = now() - t0;
    counter.push(chunk as Buffer);
  }
  return { firstByteMs: first, totalMs: now() - t0, rows: counter.rows, bytes: counter.bytes };
}

async function apiExport(base: string, token: string, filter: ReportFilterInput, pid: number) {
  const t0 = now();
  const res = await fetch(`${base}/api/report/export`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ report: "order", filter }),
  });
  const json = (await res.json()) as { result?: number; data?: { url: string }; error?: { message?: string } };
  if (!res.ok || !json.data?.url) throw new Error(`HTTP ${res.status}: ${json.error?.message ?? "no url"}`);
  const exportMs = now() - t0;
  await sleep(200); // let the sampler see a settled process
  const rss = rssSampler(pid);
  const counter = new CsvCounter();
  const t1 = now();
  const download = await fetch(`${base}${json.data.url}`);
  if (!download.ok || !download.body) throw new Error(`download: HTTP ${download.status}`);
  let first = 0;
  for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) {
    if (!first) first = now() - t1;
    counter.push(chunk);
  }
  const totalMs = now() - t1;
  const memory = rss.stop();
  return { exportMs, firstByteMs: first, totalMs, rows: counter.rows, bytes: counter.bytes, rssGrowth: memory.growth };
}

async function describeDataset() {
  const { rows } = await db.query<Record<string, string>>(
    `select (select count(*) from orders) as orders,
            (select count(*) from order_products) as order_products,
            (select count(*) from inventory_transactions) as inventory_transactions,
            (select count(*) from users) as users,
            (select count(*) from products) as products,
            pg_size_pretty(pg_database_size(current_database())) as size,
            current_setting('server_version') as version,
            current_setting('shared_buffers') as shared_buffers,
            current_setting('work_mem') as work_mem,
            current_setting('max_parallel_workers_per_gather') as parallel,
            current_setting('jit') as jit`,
  );
  const r = rows[0] ?? {};
  return {
    counts: {
      orders: Number(r.orders),
      order_products: Number(r.order_products),
      inventory_transactions: Number(r.inventory_transactions),
      users: Number(r.users),
      products: Number(r.products),
    },
    size: r.size,
    version: r.version,
    settings: `shared_buffers ${r.shared_buffers}, work_mem ${r.work_mem}, max_parallel_workers_per_gather ${r.parallel}, jit ${r.jit}`,
  };
}

/** Twelve months ending on the newest order's day (portal time zone). */
async function reportPeriod() {
  const { rows } = await db.query<{ date_from: string; date_to: string }>(
    `select to_char(d - interval '1 year' + interval '1 day', 'YYYY-MM-DD') as date_from,
            to_char(d, 'YYYY-MM-DD') as date_to
       from (select (max(created) at time zone $1)::date as d from orders) x`,
    [PORTAL_TIME_ZONE],
  );
  const r = rows[0];
  if (!r?.date_to) throw new Error("The database has no orders: run npm run bench:data first.");
  return r;
}

async function migrationCount() {
  const { rows } = await db.query<{ n: number }>(
    "select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n",
  );
  return rows[0]?.n ?? 0;
}

async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ method: "password", email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const json = (await res.json()) as { access_token?: string };
  if (!res.ok || !json.access_token) throw new Error(`sign-in failed: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.access_token;
}

async function loadReportSql(path: string): Promise<ReportSqlModule | null> {
  if (!existsSync(path)) return null;
  const mod = (await import(pathToFileURL(path).href)) as Partial<ReportSqlModule>;
  if (!mod.orderReportSql || !mod.orderExportSql || !mod.inlineSql) return null;
  return mod as ReportSqlModule;
}

function requestOf(searchBy: SearchBy, period: { date_from: string; date_to: string }) {
  const body = OrderReportRequestSchema.parse({ search_by: searchBy, ...period, limit: REPORT_PAGE_SIZE, offset: 0 });
  const { limit, offset, ...filterInput } = body;
  return { body, filterInput, filter: ReportFilterSchema.parse(filterInput), page: { limit, offset } };
}

const viewName = (searchBy: SearchBy) => SEARCH_BY.find((s) => s.id === searchBy)?.name ?? String(searchBy);

/**
 * One view: warm-ups, then RUNS rounds, each an API call followed by PostgreSQL alone on the same
 * SQL, so both see the same machine (load drifts on a shared 2-core machine).
 */
async function benchView(
  base: string,
  token: string,
  searchBy: SearchBy,
  period: { date_from: string; date_to: string },
  reportSql: ReportSqlModule | null,
): Promise<ViewResult> {
  const { body, filter, page } = requestOf(searchBy, period);
  const result: ViewResult = { searchBy, name: viewName(searchBy), api: null, pgRows: null, pgTotals: null };
  const statements = reportSql?.orderReportSql(filter, CUSTOMER_ID, page);
  const rowsSql = statements ? reportSql?.inlineSql(statements.rows) : undefined;
  const totalsSql = statements?.totals ? reportSql?.inlineSql(statements.totals) : undefined;
  const api: number[] = [];
  const pgRows: number[] = [];
  const pgTotals: number[] = [];
  const round = async (record: boolean) => {
    if (!result.apiError) {
      try {
        const { elapsed, foundRows } = await timeView(base, token, body);
        if (record) api.push(elapsed);
        result.foundRows = foundRows;
      } catch (err) {
        result.apiError = err instanceof Error ? err.message : String(err);
      }
    }
    if (rowsSql) {
      const t = await timeSql(db, rowsSql);
      if (record) pgRows.push(t);
    }
    if (totalsSql) {
      const t = await timeSql(db, totalsSql);
      if (record) pgTotals.push(t);
    }
  };
  for (let i = 0; i < WARMUPS; i++) await round(false);
  for (let i = 0; i < RUNS; i++) await round(true);
  if (!result.apiError) result.api = api;
  if (rowsSql) result.pgRows = pgRows;
  if (totalsSql) result.pgTotals = pgTotals;
  console.log(
    `View ${searchBy} (${result.name}): API ${result.api ? `median ${ms(median(api))}` : `failed (${result.apiError})`}` +
      (rowsSql
        ? `; PostgreSQL rows ${ms(median(pgRows))}${totalsSql ? `, totals ${ms(median(pgTotals))}` : " (totals included)"}`
        : ""),
  );
  return result;
}

async function benchExport(
  base: string,
  token: string,
  searchBy: SearchBy,
  period: { date_from: string; date_to: string },
  reportSql: ReportSqlModule | null,
  pid: number,
): Promise<ExportResult> {
  const { filterInput, filter } = requestOf(searchBy, period);
  const runs = searchBy === 1 ? EXPORT_RUNS : 1;
  const result: ExportResult = { searchBy, name: viewName(searchBy), api: [], copy: [] };
  const query = reportSql ? reportSql.inlineSql(reportSql.orderExportSql(filter, CUSTOMER_ID)) : null;
  process.stdout.write(`Export ${searchBy} (${result.name}), ${runs} run(s):`);
  for (let i = 0; i < runs; i++) {
    if (query) {
      const copy = await copyExport(db, query);
      result.copy.push(copy);
      process.stdout.write(` COPY ${int(copy.rows)} rows ${ms(copy.totalMs)};`);
    }
    if (!result.apiError) {
      try {
        const a = await apiExport(base, token, filterInput, pid);
        result.api.push(a);
        process.stdout.write(
          ` API ${int(a.rows)} rows ${ms(a.totalMs)} (first byte ${ms(a.firstByteMs)}, RSS +${(a.rssGrowth / 2 ** 20).toFixed(1)} MB);`,
        );
      } catch (err) {
        result.apiError = err instanceof Error ? err.message : String(err);
        process.stdout.write(` API failed (${result.apiError});`);
      }
    }
  }
  process.stdout.write("\n");
  return result;
}

async function saveExplains(
  missed: ViewResult[],
  period: { date_from: string; date_to: string },
  reportSql: ReportSqlModule,
) {
  for (const v of missed) {
    const { filter, page } = requestOf(v.searchBy, period);
    const statements = reportSql.orderReportSql(filter, CUSTOMER_ID, page);
    const parts: string[] = [];
    for (const [label, statement] of [
      ["rows", statements.rows],
      ["totals", statements.totals],
    ] as const) {
      if (!statement) continue;
      const text = reportSql.inlineSql(statement);
      const { rows } = await db.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${text}`);
      parts.push(`-- ${label}\n${text}\n\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
    }
    const file = join(RESULTS_DIR, `explain-view-${v.searchBy}.txt`);
    writeFileSync(file, parts.join("\n"));
    console.log(`EXPLAIN (ANALYZE, BUFFERS) of view ${v.searchBy} written to ${file}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

/** The exports' paragraph and table (Markdown lines). */
function exportLines(exports: ExportResult[]): string[] {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    `Exports: POST /api/report/export then GET of its URL, the body stream-counted (never buffered); first byte and ` +
      `total from the GET. Baseline: \`COPY (<the export SQL>) TO STDOUT WITH (FORMAT csv, HEADER)\` through ` +
      `pg-copy-streams in this process, counted the same way. Ratio = API rows/s ÷ COPY rows/s. RSS growth = the API ` +
      `process's VmRSS sampled every 50 ms, max during the download − before it. The order export runs ` +
      `${EXPORT_RUNS} times (medians; RSS growth is the largest), the others once.`,
  );
  lines.push("");
  lines.push(
    "| Export | Rows | API first byte | API total | API rows/s | COPY first byte | COPY total | COPY rows/s | Ratio | API RSS growth | Target | Result |",
  );
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const e of exports) {
    const apiTotal = e.api.length ? median(e.api.map((a) => a.totalMs)) : null;
    const apiRows = e.api[0]?.rows ?? null;
    const apiRate = apiTotal && apiRows != null ? apiRows / (apiTotal / 1000) : null;
    const copyTotal = e.copy.length ? median(e.copy.map((x) => x.totalMs)) : null;
    const copyRows = e.copy[0]?.rows ?? null;
    const copyRate = copyTotal && copyRows != null ? copyRows / (copyTotal / 1000) : null;
    const firstByte = e.api.length ? median(e.api.map((a) => a.firstByteMs)) : null;
    const copyFirstByte = e.copy.length ? median(e.copy.map((x) => x.firstByteMs)) : null;
    const rss = e.api.length ? Math.max(...e.api.map((a) => a.rssGrowth)) / 2 ** 20 : null;
    const rate = apiRate != null && copyRate ? apiRate / copyRate : null;
    const mismatch = apiRows != null && copyRows != null && apiRows !== copyRows ? ` (COPY: ${int(copyRows)})` : "";
    let target = "—";
    let pass = e.api.length ? "—" : `not run (${e.apiError ?? "no API"})`;
    if (e.searchBy === 1) {
      target = `≥ ${EXPORT_TARGET.ratio}×, first byte ≤ ${EXPORT_TARGET.firstByteMs} ms, RSS < ${EXPORT_TARGET.rssMb} MB`;
      if (e.api.length) {
        const misses = [
          rate == null || rate < EXPORT_TARGET.ratio ? "ratio" : "",
          firstByte == null || firstByte > EXPORT_TARGET.firstByteMs ? "first byte" : "",
          rss == null || rss >= EXPORT_TARGET.rssMb ? "memory" : "",
          mismatch ? "row count" : "",
        ].filter(Boolean);
        pass = misses.length ? `**MISS** (${misses.join(", ")})` : "pass";
      }
    }
    lines.push(
      `| ${e.searchBy} ${e.name} | ${apiRows == null ? (copyRows == null ? "n/a" : int(copyRows)) : int(apiRows)}${mismatch} | ${ms(
        firstByte,
      )} | ${ms(apiTotal)} | ${apiRate == null ? "n/a" : int(Math.round(apiRate))} | ${ms(copyFirstByte)} | ${ms(copyTotal)} | ${
        copyRate == null ? "n/a" : int(Math.round(copyRate))
      } | ${ratio(rate)} | ${rss == null ? "n/a" : `${rss.toFixed(1)} MB`} | ${target} | ${pass} |`,
    );
  }
  return lines;
}

function render(r: {
  dataset: Awaited<ReturnType<typeof describeDataset>>;
  period: { date_from: string; date_to: string };
  views: ViewResult[];
  exports: ExportResult[];
  api: ApiUnderTest;
  loadBefore: number[];
}) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines: string[] = [];
  lines.push(`Run ${started.toISOString().slice(0, 16).replace("T", " ")} UTC · API under test: ${r.api.source}`);
  lines.push("");
  lines.push(
    `Machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}, ` +
      `PostgreSQL ${r.dataset.version} (${r.dataset.settings}). Load average before the run ` +
      `${r.loadBefore.map((x) => x.toFixed(2)).join(" / ")}, after ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" / ")}.`,
  );
  lines.push("");
  const c = r.dataset.counts;
  lines.push(
    `Data: ${int(c.orders)} orders, ${int(c.order_products)} order lines, ${int(c.inventory_transactions)} ledger rows, ` +
      `${int(c.users)} users, ${int(c.products)} products (${r.dataset.size}). Report period ${r.period.date_from} … ` +
      `${r.period.date_to} (12 months ending on the newest order's day), first page of ${REPORT_PAGE_SIZE} rows with totals.`,
  );
  lines.push("");
  lines.push(
    `Views: ${WARMUPS} warm-ups, then ${RUNS} timed calls of POST /api/report/orderFrontEnd each (HTTP round trip from ` +
      `this process, JSON read); p95 is nearest-rank, so with 15 runs the slowest call. PostgreSQL alone: the same inlined SQL over one pg connection, run right after each API call, rows and totals ` +
      `statements timed separately; the figure is the larger of the two medians, since the API runs them concurrently ` +
      `(the grouped views answer rows and totals in one statement).`,
  );
  lines.push("");
  lines.push("| View | Matching rows | API median | API p95 | PostgreSQL alone | API ÷ PostgreSQL | Target | Result |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---|");
  for (const v of r.views) {
    const apiMedian = v.api ? median(v.api) : null;
    const pg = v.pgRows ? Math.max(median(v.pgRows), v.pgTotals ? median(v.pgTotals) : 0) : null;
    const pgDetail = v.pgTotals
      ? ` (rows ${ms(median(v.pgRows ?? []))}, totals ${ms(median(v.pgTotals))})`
      : " (one statement, totals included)";
    const target = TARGET_MS[v.searchBy];
    const pass = apiMedian == null ? `not run (${v.apiError ?? "no API"})` : apiMedian <= target ? "pass" : "**MISS**";
    lines.push(
      `| ${v.searchBy} ${v.name} | ${v.foundRows == null ? "n/a" : int(v.foundRows)} | ${ms(apiMedian)} | ${ms(
        v.api ? percentile(v.api, 95) : null,
      )} | ${pg == null ? "n/a" : `${ms(pg)}${pgDetail}`} | ${ratio(
        apiMedian != null && pg != null ? apiMedian / pg : null,
      )} | ≤ ${target} ms | ${pass} |`,
    );
  }
  if (r.exports.length) lines.push(...exportLines(r.exports));
  return lines.join("\n");
}

function writeReadme(markdown: string) {
  const start = "<!-- results:start -->";
  const end = "<!-- results:end -->";
  const text = readFileSync(README, "utf8");
  const block = `${start}\n${markdown}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  const next =
    i !== -1 && j > i
      ? `${text.slice(0, i)}${block}${text.slice(j + end.length)}`
      : `${text.trimEnd()}\n\n## Results\n\n${block}\n`;
  writeFileSync(README, next);
}

// ---------------------------------------------------------------------------------------------

let loadBefore = os.loadavg();
let started = new Date();
const db = new pg.Client({ connectionString: DATABASE_URL, application_name: "report-bench" });

async function waitQuiet(seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  while ((os.loadavg()[0] ?? 0) >= 0.5 && Date.now() < deadline) {
    console.log(`Waiting for a quiet machine: load ${(os.loadavg()[0] ?? 0).toFixed(2)}`);
    await sleep(15_000);
  }
}

async function main() {
  if (Number(args["wait-quiet"]) > 0) await waitQuiet(Number(args["wait-quiet"]));
  loadBefore = os.loadavg();
  started = new Date();
  await db.connect();
  let api: ChildProcess | undefined;
  try {
    const dataset = await describeDataset();
    const period = await reportPeriod();
    console.log(
      `Data set: ${int(dataset.counts.orders)} orders; report period ${period.date_from} … ${period.date_to}`,
    );
    const underTest = prepareApi({ worktree: args.worktree, commit: args.commit, build: !args["no-build"] });
    const migrationsBefore = await migrationCount();
    const t0 = now();
    const running = await startApi(underTest.serverJs, {
      DATABASE_URL: DATABASE_URL as string,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
    });
    api = running.child;
    const base = running.base;
    console.log(`API ready on ${base} in ${ms(now() - t0)} (${underTest.source}, ${underTest.build})`);
    if ((await migrationCount()) > migrationsBefore) {
      console.log("The API applied new migrations: vacuum analyze");
      await db.query("vacuum (analyze)");
    }
    const token = await signIn(base);
    const reportSql = await loadReportSql(join(underTest.root, "apps/api/src/modules/reports/report-sql.ts"));
    if (!reportSql)
      console.log("apps/api/src/modules/reports/report-sql.ts is not there yet: no PostgreSQL-alone figures");

    const views: ViewResult[] = [];
    for (const searchBy of VIEWS) views.push(await benchView(base, token, searchBy, period, reportSql));

    const exports: ExportResult[] = [];
    if (!args["no-exports"]) {
      for (const searchBy of VIEWS)
        exports.push(await benchExport(base, token, searchBy, period, reportSql, api.pid as number));
    }

    const markdown = render({ dataset, period, views, exports, api: underTest, loadBefore });
    console.log(`\n${markdown}`);
    if (!args["no-readme"]) {
      writeReadme(markdown);
      console.log(`Results written into ${README}`);
    }
    const missed = views.filter((v) => v.api && median(v.api) > TARGET_MS[v.searchBy]);
    // The EXPLAIN files always describe the latest run.
    mkdirSync(RESULTS_DIR, { recursive: true });
    for (const f of readdirSync(RESULTS_DIR)) if (/^explain-view-\d\.txt$/.test(f)) rmSync(join(RESULTS_DIR, f));
    if (reportSql && missed.length) await saveExplains(missed, period, reportSql);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  } finally {
    if (api) await stopProcess(api);
    await db.end();
  }
}

await main();
