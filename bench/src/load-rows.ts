/**
 * The rows of the load benchmark (load.ts): what a row is, the ceilings rows are compared with, and
 * how one row is measured with autocannon.
 */
import autocannon, { type Options, type RawResult } from "autocannon";
import { cpuSince, cpuTicks } from "./cpu.ts";

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

/**
 * What a row measured: one autocannon run, or the slices of several taken in turns with another
 * row's (runInTurns), their latencies in one histogram (autocannon's aggregateResult).
 */
export interface Measured {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

/** One measured autocannon run (its raw counts and histograms), and the CPU its servers spent over it. */
interface Slice {
  result: RawResult;
  url: string;
  cpuSeconds: number;
}

export interface Row {
  label: string;
  driver: Driver | "—";
  connections: number;
  result?: Measured;
  /**
   * What this row is compared with, measured in turns with it (runInTurns): its ceiling's slices,
   * or (a PGlite row) the same request's on PostgreSQL. Without it the row is compared with its
   * ceiling's row.
   */
  reference?: Measured;
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
  /** Every slice measured for this row (a ceiling shared by two rows is measured with each). */
  slices?: Slice[];
}

/** A row and the load that measures it (autocannon's options): an API row or a running ceiling. */
export interface RowUnderLoad {
  row: Row;
  options: Options;
}

export interface Timing {
  /** Seconds of warm-up (not counted), then seconds measured. */
  warmup: number;
  duration: number;
  /**
   * Slices a compared row's measured seconds are cut into, taken in turns with its reference's
   * (runInTurns): the machine's speed drifts over minutes on this VM, and a ratio of two rates
   * measured minutes apart measured the drift as much as the code.
   */
  turns: number;
}

export const int = (x: number) => Math.round(x).toLocaleString("en-US");
export const ms = (x: number) => (x < 10 ? `${x.toFixed(1)} ms` : `${Math.round(x)} ms`);
export const rateOf = (m: Measured) => m.requests / m.seconds;
export const errorsOf = (m: Measured) => m.non2xx + m.errors;

function measuredOf(slices: Slice[]): Measured {
  const statusCodes: Record<string, number> = {};
  for (const { result } of slices)
    for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + stat.count;
  const sum = (f: (r: RawResult) => number) => slices.reduce((total, s) => total + f(s.result), 0);
  // aggregateResult adds to the first result's status counts: it gets copies.
  const raw = slices.map(({ result }) => ({ ...result, statusCodeStats: structuredClone(result.statusCodeStats) }));
  const { latency } = autocannon.aggregateResult(raw, { url: slices[0]?.url ?? "" });
  return {
    requests: sum((r) => r.totalCompletedRequests),
    seconds: sum((r) => r.duration),
    p50: latency.p50,
    p99: latency.p99,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    statusCodes,
  };
}

/** Adds a slice to the row: its result and server CPU are then those of all its slices. */
function addSlice(row: Row, slice: Slice) {
  row.slices = [...(row.slices ?? []), slice];
  row.result = measuredOf(row.slices);
  const cpu = row.slices.reduce((total, s) => total + s.cpuSeconds, 0);
  if (row.servers?.().length && row.result.requests) row.cpuMs = (cpu * 1000) / row.result.requests;
}

async function slice(row: Row, options: Options, seconds: number): Promise<Slice> {
  const pids = row.servers?.() ?? [];
  const before = cpuTicks(pids);
  const result = await autocannon({ timeout: 10, ...options, duration: seconds, skipAggregateResult: true });
  return { result, url: options.url, cpuSeconds: pids.length ? cpuSince(before, pids) : 0 };
}

const warmUp = (options: Options, timing: Timing) =>
  timing.warmup > 0 ? autocannon({ timeout: 10, ...options, duration: timing.warmup }) : undefined;

function describe(row: Row): string {
  const r = row.result;
  if (!r) return `failed: ${row.error}`;
  return (
    `${int(rateOf(r))}/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, errors ${errorsOf(r)}` +
    (row.cpuMs === undefined ? "" : `, server CPU ${row.cpuMs.toFixed(2)} ms/request`) +
    (errorsOf(r) ? ` (${JSON.stringify(r.statusCodes)})` : "")
  );
}

const title = (row: Row) =>
  `${row.driver === "—" ? "" : `${row.driver}: `}${row.label}, ${row.connections} connections`;

/** Measures one row (a warm-up run, then the counted one) and prints its figures. */
export async function run(row: Row, options: Options, timing: Timing): Promise<Row> {
  process.stdout.write(`${title(row)} … `);
  try {
    await warmUp(options, timing);
    addSlice(row, await slice(row, options, timing.duration));
  } catch (err) {
    row.error = err instanceof Error ? err.message : String(err);
  }
  console.log(describe(row));
  return row;
}

/**
 * Measures `subject` and its `reference` in turns: both warmed up, then `timing.turns` slices of
 * each, one after the other, their measured seconds together `timing.duration` each. The subject's
 * ratio is of the reference's slices taken beside its own (`subject.reference`); the reference's
 * row gets the slices too, beside any it already had.
 */
export async function runInTurns(subject: RowUnderLoad, reference: RowUnderLoad, timing: Timing): Promise<Row> {
  const { row } = subject;
  process.stdout.write(`${title(row)}, in turns with ${reference.row.label} … `);
  const seconds = timing.duration / timing.turns;
  const beside: Slice[] = [];
  try {
    await warmUp(subject.options, timing);
    await warmUp(reference.options, timing);
    for (let turn = 0; turn < timing.turns; turn++) {
      addSlice(row, await slice(row, subject.options, seconds));
      const theirs = await slice(reference.row, reference.options, seconds);
      beside.push(theirs);
      addSlice(reference.row, theirs);
    }
    row.reference = measuredOf(beside);
  } catch (err) {
    row.error = err instanceof Error ? err.message : String(err);
  }
  console.log(`${describe(row)}${row.reference ? `; beside it ${int(rateOf(row.reference))}/s` : ""}`);
  return row;
}
