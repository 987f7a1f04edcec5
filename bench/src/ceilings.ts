/**
 * The ceiling rows of the load benchmark: each ceiling-server.ts mode started in a process of its
 * own, on the same database in the same run, and measured in turns with the API row compared with it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Options } from "autocannon";
import { freePort, ROOT, stopProcess } from "./api-under-test.ts";
import { CEILING, type Ceiling, type Row, type RowUnderLoad, run, type Timing } from "./load-rows.ts";
import { auth, json } from "./shoppers.ts";

const BENCH_DIR = join(ROOT, "bench");

/** What the ceilings serve: the reader's product list bytes and its order ids. */
export interface CeilingInput {
  token: string;
  listBytes: Buffer;
  orderIds: number[];
  readConnections: number;
  orderConnections: number;
}

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

/**
 * Starts every ceiling (or those `wanted`), each a process of its own on the PostgreSQL server at
 * `databaseUrl`, and runs `use` with them: the API rows are measured in turns with theirs
 * (load-rows.ts runInTurns). Then each ceiling no row was measured beside is measured alone, the
 * processes are stopped, and the ceilings' rows returned.
 */
export async function withCeilings(
  input: CeilingInput,
  databaseUrl: string,
  scratch: string,
  timing: Timing,
  wanted: ReadonlySet<Row["ceiling"]> | undefined,
  /** The PostgreSQL server's processes (its CPU counts in a row's). */
  postgresPids: () => number[],
  use: (ceilings: ReadonlyMap<Ceiling, RowUnderLoad>) => Promise<void>,
): Promise<Row[]> {
  const listFile = join(scratch, "product-list.json");
  writeFileSync(listFile, input.listBytes);
  const ordersFile = join(scratch, "order-ids.json");
  writeFileSync(ordersFile, JSON.stringify(input.orderIds));
  const read = (path: string) => ({
    connections: input.readConnections,
    method: "POST" as const,
    path,
    headers: auth(input.token),
    body: "{}",
  });
  const order = { connections: input.orderConnections, method: "POST" as const, path: "/api/order/add", headers: json };
  const pg = { DATABASE_URL: databaseUrl };
  const kb = `${(input.listBytes.length / 1024).toFixed(1)} KB`;
  const specs: [Ceiling, Row["driver"], CeilingServer, Omit<Options, "url"> & { path: string }][] = [
    ["hello", "—", { mode: "hello" }, { connections: input.readConnections, path: "/" }],
    ["bytes", "—", { mode: "bytes", args: [listFile], note: kb }, read("/api/product/list")],
    ["pg catalogue", "PostgreSQL", { mode: "pg-catalogue", env: pg }, read("/api/product/list")],
    ["pg order list", "PostgreSQL", { mode: "pg-order-list", args: [ordersFile], env: pg }, read("/api/order/list")],
    ["pg order query", "PostgreSQL", { mode: "pg-order-query", args: [ordersFile], env: pg }, read("/api/order/query")],
    ["pg order", "PostgreSQL", { mode: "pg-order", env: pg }, { ...order, body: "{}" }],
    ["pg order one", "PostgreSQL", { mode: "pg-order-one", env: pg }, { ...order, body: "{}" }],
  ];
  const rows: Row[] = [];
  const running = new Map<Ceiling, RowUnderLoad>();
  const children: ChildProcess[] = [];
  try {
    for (const [ceiling, driver, server, { path, ...request }] of specs) {
      if (wanted && !wanted.has(ceiling)) continue;
      const label = server.note ? `${CEILING[ceiling]} (${server.note})` : CEILING[ceiling];
      let child: ChildProcess | undefined;
      const row: Row = {
        ceiling,
        label,
        driver,
        connections: request.connections ?? 10,
        api: false,
        servers: () => [child?.pid ?? 0, ...(driver === "PostgreSQL" ? postgresPids() : [])],
      };
      rows.push(row);
      try {
        const started = await startCeiling(server.mode, server.env ?? {}, ...(server.args ?? []));
        child = started.child;
        children.push(child);
        running.set(ceiling, { row, options: { ...request, url: `${started.base}${path}` } });
      } catch (err) {
        row.error = err instanceof Error ? err.message : String(err);
        console.log(`${label}: failed: ${row.error}`);
      }
    }
    await use(running);
    for (const { row, options } of running.values()) if (!row.result && !row.error) await run(row, options, timing);
    return rows;
  } finally {
    for (const child of children) await stopProcess(child);
  }
}
