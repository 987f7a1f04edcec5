/**
 * The rows of the load benchmark (load.ts): what a row is, the ceilings rows are compared with, and
 * how one row is measured with autocannon.
 */
import autocannon, { type Options, type Result } from "autocannon";
import { cpuSeconds } from "./cpu.ts";

export type Driver = "PostgreSQL" | "PGlite";

export interface Target {
  /** Of the ceiling's rate. */
  ratio?: number;
  /** Of the same request's rate on PostgreSQL in this run (PGlite rows). */
  ofPostgres?: number;
  /** Requests (orders) per second. */
  rate?: number;
  p99Ms?: number;
}

/** The ceilings, by the short name the API rows refer to them with (ceiling-server.ts). */
export const CEILING = {
  hello: 'bare Fastify `GET /` → `{"hello":"world"}`',
  bytes: "bare Fastify serving the product list's bytes from memory",
  "pg catalogue": "plain `pg` + Fastify catalogue (one prepared query, no ORM)",
  "pg order list": "plain `pg` + Fastify: the practice's newest 25 orders with their status (one query)",
  "pg order query": "plain `pg` + Fastify: one order with its lines as JSON (one query)",
  "pg order": "plain `pg` order transaction (order, stock update and ledger row per stocked product, lines, status)",
  "pg order one": "plain `pg` + Fastify: one order and its line in one statement",
} as const;
export type Ceiling = keyof typeof CEILING;

export interface Row {
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
  /**
   * The processes that serve the row (the API or the ceiling, and the PostgreSQL server): their
   * CPU during the measured seconds, per response, is the row's "server CPU" (bench/src/cpu.ts).
   */
  servers?: () => number[];
  /** Milliseconds of the servers' CPU per response. */
  cpuMs?: number;
}

export interface Timing {
  /** Seconds of warm-up (not counted), then seconds measured. */
  warmup: number;
  duration: number;
}

export const int = (x: number) => Math.round(x).toLocaleString("en-US");
export const ms = (x: number) => (x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`);
export const rateOf = (r: Result) => r.requests.total / r.duration;
export const errorsOf = (r: Result) => r.non2xx + r.errors;

/** Measures one row (a warm-up run, then the counted one) and prints its figures. */
export async function run(row: Row, options: Options, timing: Timing): Promise<Row> {
  process.stdout.write(`${row.driver === "—" ? "" : `${row.driver}: `}${row.label}, ${row.connections} connections … `);
  try {
    const measured = { timeout: 10, ...options };
    if (timing.warmup > 0) await autocannon({ ...measured, duration: timing.warmup });
    const pids = row.servers?.() ?? [];
    const cpuBefore = cpuSeconds(pids);
    row.result = await autocannon({ ...measured, duration: timing.duration });
    const r = row.result;
    if (pids.length && r.requests.total) row.cpuMs = ((cpuSeconds(pids) - cpuBefore) * 1000) / r.requests.total;
    console.log(
      `${int(rateOf(r))}/s, p50 ${ms(r.latency.p50)}, p99 ${ms(r.latency.p99)}, errors ${errorsOf(r)}` +
        (row.cpuMs === undefined ? "" : `, server CPU ${row.cpuMs.toFixed(2)} ms/request`) +
        (errorsOf(r) ? ` (${JSON.stringify(r.statusCodeStats)})` : ""),
    );
  } catch (err) {
    row.error = err instanceof Error ? err.message : String(err);
    console.log(`failed: ${row.error}`);
  }
  return row;
}
