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
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import {
  OrderReportRequestSchema,
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
import { prepareApi, ROOT, sleep, startApi, stopProcess } from "./api-under-test.ts";
import { waitQuiet } from "./cpu.ts";
import { describeDataset, migrationCount, reportPeriod } from "./report-bench-data.ts";
import { CsvCounter, rssSampler } from "./report-bench-meters.ts";
import {
  type ExportResult,
  int,
  median,
  ms,
  render,
  TARGET_MS,
  type ViewResult,
  writeReadme,
} from "./report-bench-render.ts";

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

// ---------------------------------------------------------------------------------------------
// Measurements

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

let loadBefore = os.loadavg();
let started = new Date();
const db = new pg.Client({ connectionString: DATABASE_URL, application_name: "report-bench" });

async function main() {
  await waitQuiet(Number(args["wait-quiet"]));
  loadBefore = os.loadavg();
  started = new Date();
  await db.connect();
  let api: ChildProcess | undefined;
  try {
    const dataset = await describeDataset(db);
    const period = await reportPeriod(db);
    console.log(
      `Data set: ${int(dataset.counts.orders)} orders; report period ${period.date_from} … ${period.date_to}`,
    );
    const underTest = prepareApi({ worktree: args.worktree, commit: args.commit, build: !args["no-build"] });
    const migrationsBefore = await migrationCount(db);
    const t0 = now();
    const running = await startApi(underTest.serverJs, {
      DATABASE_URL: DATABASE_URL as string,
      SEED_DEMO_DATA: "false",
      LOG_LEVEL: "warn",
    });
    api = running.child;
    const base = running.base;
    console.log(`API ready on ${base} in ${ms(now() - t0)} (${underTest.source}, ${underTest.build})`);
    if ((await migrationCount(db)) > migrationsBefore) {
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

    const markdown = render({
      started,
      settings: { runs: RUNS, warmups: WARMUPS, exportRuns: EXPORT_RUNS },
      dataset,
      period,
      views,
      exports,
      api: underTest,
      loadBefore,
    });
    console.log(`\n${markdown}`);
    if (!args["no-readme"]) {
      writeReadme(README, markdown);
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
