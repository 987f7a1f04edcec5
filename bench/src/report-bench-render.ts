import os from "node:os";
import { REPORT_PAGE_SIZE, type SearchBy } from "@vetportal/contract";
import type { ApiUnderTest } from "./api-under-test.ts";
import { writeReadmeBlock } from "./readme-block.ts";

/** The report benchmark's figures, targets and Markdown (bench/README.md "Results"); measured in report-bench.ts. */

export const TARGET_MS: Record<SearchBy, number> = { 1: 200, 2: 500, 3: 500, 4: 500, 5: 500 };
export const EXPORT_TARGET = { ratio: 0.5, firstByteMs: 500, rssMb: 100 };

/** What describeDataset() in report-bench.ts finds. */
export interface Dataset {
  version: string | undefined;
  settings: string;
  size: string | undefined;
  counts: Record<"orders" | "order_products" | "inventory_transactions" | "users" | "products", number>;
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}
/** Nearest-rank percentile (with 15 runs, p95 is the slowest run). */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil((p / 100) * s.length) - 1)] as number;
}
export const ms = (x: number | null | undefined) =>
  x == null ? "n/a" : x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`;
export const ratio = (x: number | null | undefined) => (x == null || !Number.isFinite(x) ? "n/a" : `${x.toFixed(2)}×`);
export const int = (x: number) => x.toLocaleString("en-US");

export interface ViewResult {
  searchBy: SearchBy;
  name: string;
  api: number[] | null;
  apiError?: string;
  foundRows?: number;
  pgRows: number[] | null;
  pgTotals: number[] | null;
}

export interface ExportResult {
  searchBy: SearchBy;
  name: string;
  api: { exportMs: number; firstByteMs: number; totalMs: number; rows: number; bytes: number; rssGrowth: number }[];
  apiError?: string;
  copy: { firstByteMs: number; totalMs: number; rows: number; bytes: number }[];
}

// ---------------------------------------------------------------------------------------------
// Report

/** The exports' paragraph and table (Markdown lines). */
function exportLines(exports: ExportResult[], exportRuns: number): string[] {
  const lines: string[] = [];
  lines.push("");
  lines.push(
    `Exports: POST /api/report/export then GET of its URL, the body stream-counted (never buffered); first byte and ` +
      `total from the GET. Baseline: \`COPY (<the export SQL>) TO STDOUT WITH (FORMAT csv, HEADER)\` through ` +
      `pg-copy-streams in this process, counted the same way. Ratio = API rows/s ÷ COPY rows/s. RSS growth = the API ` +
      `process's VmRSS sampled every 50 ms, max during the download − before it. The order export runs ` +
      `${exportRuns} times (medians; RSS growth is the largest), the others once.`,
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

export function render(r: {
  started: Date;
  settings: { runs: number; warmups: number; exportRuns: number };
  dataset: Dataset;
  period: { date_from: string; date_to: string };
  views: ViewResult[];
  exports: ExportResult[];
  api: ApiUnderTest;
  loadBefore: number[];
}) {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const lines: string[] = [];
  lines.push(`Run ${r.started.toISOString().slice(0, 16).replace("T", " ")} UTC · API under test: ${r.api.source}`);
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
    `Views: ${r.settings.warmups} warm-ups, then ${r.settings.runs} timed calls of POST /api/report/orderFrontEnd each (HTTP round trip from ` +
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
  if (r.exports.length) lines.push(...exportLines(r.exports, r.settings.exportRuns));
  return lines.join("\n");
}

export function writeReadme(readme: string, markdown: string) {
  writeReadmeBlock(readme, "results", "Results", markdown);
}
