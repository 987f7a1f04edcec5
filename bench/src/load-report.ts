/**
 * The load benchmark's report: each row's verdict against its target, the markdown table, and its
 * block in bench/README.md (between `<!-- load:start -->` and `<!-- load:end -->`).
 */
import os from "node:os";
import type { ApiUnderTest } from "./api-under-test.ts";
import { formatTable, type LighthouseResult } from "./lighthouse.ts";
import { errorsOf, int, ms, type Row, rateOf, type Timing } from "./load-rows.ts";
import { writeReadmeBlock } from "./readme-block.ts";

export interface Run {
  started: Date;
  loadBefore: number[];
  api: ApiUnderTest;
  postgres: string;
  rows: Row[];
  timing: Timing;
  /** busy: the machine's share of CPU in use over the 5 s before the audits (load.ts settle). */
  lighthouse?: { rows: LighthouseResult[]; error?: string; busy?: number; mobileRuns?: number };
}

export const kib = (bytes: number) => Math.round(bytes / 1024);

/**
 * The rate this row is compared with: what was measured in turns with it (load-rows.ts runInTurns),
 * else its ceiling's row, or (ofPostgres) the same request's row on PostgreSQL.
 */
function reference(row: Row, rows: Row[]): { rate?: number; name: string; wanted?: number } {
  const t = row.target;
  const beside = row.reference && rateOf(row.reference);
  if (t?.ofPostgres !== undefined) {
    const pg = rows.find((r) => r.api && r.driver === "PostgreSQL" && r.label === row.label);
    return { rate: beside ?? (pg?.result && rateOf(pg.result)), name: "PostgreSQL", wanted: t.ofPostgres };
  }
  const ceiling = row.api ? rows.find((c) => !c.api && c.ceiling === row.ceiling) : undefined;
  return { rate: beside ?? (ceiling?.result && rateOf(ceiling.result)), name: row.ceiling ?? "", wanted: t?.ratio };
}

export function verdict(row: Row, rows: Row[]): { ratio: string; target: string; result: string } {
  const r = row.result;
  const ref = reference(row, rows);
  const ratio = r && ref.rate ? rateOf(r) / ref.rate : undefined;
  const shown = ratio === undefined ? "—" : `${ratio.toFixed(2)}× (${ref.name})`;
  const t = row.target;
  if (!row.api || !t || (ref.wanted === undefined && t.rate === undefined && t.p99Ms === undefined))
    return { ratio: shown, target: "—", result: "—" };
  const parts = [
    ref.wanted !== undefined ? `≥ ${ref.wanted}× ${t.ofPostgres !== undefined ? "PostgreSQL" : "ceiling"}` : "",
    t.rate !== undefined ? `≥ ${int(t.rate)}/s` : "",
    t.p99Ms !== undefined ? `p99 ≤ ${t.p99Ms} ms` : "",
    "0 errors",
  ].filter(Boolean);
  if (!r) return { ratio: "n/a", target: parts.join(", "), result: `not run (${row.error})` };
  const misses = [
    ref.wanted !== undefined && (ratio === undefined || ratio < ref.wanted) ? "ratio" : "",
    t.rate !== undefined && rateOf(r) < t.rate ? "rate" : "",
    t.p99Ms !== undefined && r.p99 > t.p99Ms ? "p99" : "",
    errorsOf(r) ? "errors" : "",
  ].filter(Boolean);
  return {
    ratio: shown,
    target: parts.join(", "),
    result: misses.length ? `**MISS** (${misses.join(", ")})` : "pass",
  };
}

function header(run: Run): string[] {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  const command = `npm run bench:load${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const averages = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(" / ");
  return [
    `Run ${run.started.toISOString().slice(0, 16).replace("T", " ")} UTC · \`${command}\` · API under test: ${run.api.source}`,
    "",
    `Machine: ${os.cpus().length} cores (${cpu}), ${(os.totalmem() / 2 ** 30).toFixed(0)} GB RAM, Node ${process.version}, ` +
      `load average before ${averages(run.loadBefore)}, after ${averages(os.loadavg())}. Servers: ${run.postgres} ` +
      "(a fresh throw-away server); PGlite in a fresh DATA_DIR; both seeded with the demo data by the API itself, " +
      "which runs with `LOG_LEVEL=warn`.",
    "",
    `Each row: autocannon in the runner's process, the server in its own; ${run.timing.warmup} s warm-up (not counted), ` +
      `then ${run.timing.duration} s measured. A row with a ceiling (a PGlite row: its PostgreSQL row) is measured in ` +
      `turns with it, ${run.timing.turns} slices of ${+(run.timing.duration / run.timing.turns).toFixed(2)} s each, one ` +
      "after the other, and × ceiling is of the slices taken beside its own (a ceiling's row holds all its slices; " +
      "p50 and p99 are of all the slices' requests). Req/s = responses ÷ seconds; errors = non-2xx answers + connection errors " +
      "and timeouts. Server CPU = the CPU the server's processes (the API or the ceiling, and PostgreSQL's) used in " +
      "the measured seconds ÷ responses (`src/cpu.ts`; far less disturbed by other work on the machine than req/s). " +
      "× ceiling = req/s ÷ the req/s beside it. Reads are one practice's (the first demo " +
      "practice); targets that name no database apply to PostgreSQL.",
    "",
  ];
}

/** The machine's CPU as Lighthouse measured it over the audits kept (older runs did not record it). */
function benchmarkRange(rows: LighthouseResult[]): string {
  const indexes = rows.map((r) => r.benchmarkIndex).filter((i) => Number.isFinite(i));
  if (indexes.length === 0) return "";
  const [low, high] = [Math.min(...indexes), Math.max(...indexes)];
  return ` Lighthouse's CPU benchmark of the machine (\`benchmarkIndex\`, higher is faster): ${low === high ? low : `${low}–${high}`}.`;
}

function lighthouseLines(lighthouse: NonNullable<Run["lighthouse"]>): string[] {
  if (lighthouse.error) return ["", `Lighthouse failed: ${lighthouse.error}`];
  return [
    "",
    "Lighthouse (`bench/src/lighthouse.ts`) on the portal served over HTTPS and HTTP/2 by an API process on the " +
      "PostgreSQL database above, after its load " +
      "(the load's writes vacuumed and checkpointed, then the machine " +
      `${lighthouse.busy === undefined ? "idle" : `${Math.round(lighthouse.busy * 100)} % busy over 5 s`}): ` +
      "the nine pages of issue 22 and the pages of issues 23 and 24, signed in as the first demo practice " +
      "(the administrators' pages as the administrator)" +
      `${(lighthouse.mobileRuns ?? 1) > 1 ? `; on mobile the median of ${lighthouse.mobileRuns} audits of each page` : ""}. ` +
      "Targets: performance 100 on desktop and ≥ 95 on mobile, accessibility 100." +
      benchmarkRange(lighthouse.rows),
    "",
    formatTable(lighthouse.rows),
  ];
}

export function render(run: Run): string {
  const lines = header(run);
  lines.push(
    "| Request | Database | Connections | Req/s | p50 | p99 | Errors | Server CPU | × ceiling | Target | Result |",
  );
  lines.push("|---|---|---:|---:|---:|---:|---:|---:|---:|---|---|");
  for (const row of run.rows) {
    const r = row.result;
    const v = verdict(row, run.rows);
    const label = row.api ? row.label : `${row.label} — *${row.ceiling}*`;
    const figures = r
      ? [
          int(rateOf(r)),
          ms(r.p50),
          ms(r.p99),
          int(errorsOf(r)),
          row.cpuMs === undefined ? "—" : `${row.cpuMs.toFixed(2)} ms`,
        ]
      : ["n/a", "n/a", "n/a", "n/a"];
    if (!r) figures.push(row.error ?? "n/a");
    lines.push(
      `| ${label} | ${row.driver} | ${row.connections} | ${figures.join(" | ")} | ${v.ratio} | ${v.target} | ${v.result} |`,
    );
  }
  if (run.lighthouse) lines.push(...lighthouseLines(run.lighthouse));
  return lines.join("\n");
}

export function writeReadme(readme: string, markdown: string) {
  writeReadmeBlock(readme, "load", "Load benchmark (issue 10)", markdown);
}
