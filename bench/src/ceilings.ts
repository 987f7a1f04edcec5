/**
 * The ceiling rows of the load benchmark: each ceiling-server.ts mode started in a process of its
 * own and measured like the API rows, on the same database in the same run.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Options } from "autocannon";
import { freePort, ROOT, stopProcess } from "./api-under-test.ts";
import { CEILING, type Ceiling, type Row, run, type Timing } from "./load-rows.ts";
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

async function ceilingRow(
  ceiling: Ceiling,
  driver: Row["driver"],
  server: CeilingServer,
  request: Omit<Options, "url"> & { path: string },
  timing: Timing,
  postgresPids: () => number[] = () => [],
): Promise<Row> {
  const label = server.note ? `${CEILING[ceiling]} (${server.note})` : CEILING[ceiling];
  let child: ChildProcess | undefined;
  const servers = () => [child?.pid ?? 0, ...postgresPids()];
  const row: Row = { ceiling, label, driver, connections: request.connections ?? 10, api: false, servers };
  try {
    const started = await startCeiling(server.mode, server.env ?? {}, ...(server.args ?? []));
    child = started.child;
    const { path, ...options } = request;
    return await run(row, { ...options, url: `${started.base}${path}` }, timing);
  } catch (err) {
    row.error = err instanceof Error ? err.message : String(err);
    console.log(`${label}: failed: ${row.error}`);
    return row;
  } finally {
    if (child) await stopProcess(child);
  }
}

/** Every ceiling (or those `wanted`), one after the other, on the PostgreSQL server at `databaseUrl`. */
export async function ceilings(
  input: CeilingInput,
  databaseUrl: string,
  scratch: string,
  timing: Timing,
  wanted?: ReadonlySet<Row["ceiling"]>,
  /** The PostgreSQL server's processes (its CPU counts in a row's). */
  postgresPids: () => number[] = () => [],
) {
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
  const rows: Row[] = [];
  const add = async (
    ceiling: Ceiling,
    driver: Row["driver"],
    server: CeilingServer,
    request: Parameters<typeof ceilingRow>[3],
    t: Timing,
  ) => {
    if (!wanted || wanted.has(ceiling)) rows.push(await ceilingRow(ceiling, driver, server, request, t, postgresPids));
  };
  await add("hello", "—", { mode: "hello" }, { connections: input.readConnections, path: "/" }, timing);
  await add("bytes", "—", { mode: "bytes", args: [listFile], note: kb }, read("/api/product/list"), timing);
  await add("pg catalogue", "PostgreSQL", { mode: "pg-catalogue", env: pg }, read("/api/product/list"), timing);
  const orderList = { mode: "pg-order-list", args: [ordersFile], env: pg };
  await add("pg order list", "PostgreSQL", orderList, read("/api/order/list"), timing);
  const orderQuery = { mode: "pg-order-query", args: [ordersFile], env: pg };
  await add("pg order query", "PostgreSQL", orderQuery, read("/api/order/query"), timing);
  await add("pg order", "PostgreSQL", { mode: "pg-order", env: pg }, { ...order, body: "{}" }, timing);
  await add("pg order one", "PostgreSQL", { mode: "pg-order-one", env: pg }, { ...order, body: "{}" }, timing);
  return rows;
}
