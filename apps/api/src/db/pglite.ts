import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { ParserOptions, PGlite, QueryOptions, Results } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import lockfile from "proper-lockfile";
import { MIGRATIONS_DIR } from "../paths.ts";
import type { Database, DatabaseHandle, PgliteClient, PgliteQueryable } from "./handle.ts";
import type { SerializedError, WireResults, WorkerOptions, WorkerReply, WorkerRequest } from "./pglite-protocol.ts";
import * as schema from "./schema/index.ts";

export type { PgliteClient, PgliteQueryable } from "./handle.ts";

export class DataDirLockedError extends Error {}

type Logger = { warn(obj: unknown, msg?: string): void };
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

/** How often the worker refreshes stale statistics by default. */
const ANALYZE_EVERY_MS = 60_000;

function toError(e: SerializedError): Error {
  return Object.assign(new Error(e.message), e);
}

/**
 * The main thread's end of the worker protocol. Each call is one message and one answer; a
 * transaction is a `begin`, its statements (tagged with its number) and an `end`.
 */
class WorkerClient implements PgliteClient {
  private lastId = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  private failure: Error | undefined;
  private closing = false;

  constructor(
    private readonly worker: Worker,
    private readonly onFatal: (err: Error) => void,
    private readonly logger?: Logger,
  ) {
    worker.on("message", (reply: WorkerReply) => {
      if ("warning" in reply) {
        (this.logger ?? console).warn({ warning: reply.warning }, "PGlite maintenance");
        return;
      }
      if (!("id" in reply)) return;
      const call = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (reply.ok) call?.resolve(reply.value);
      else call?.reject(toError(reply.error));
    });
    worker.on("error", (err) => this.stop(err));
    worker.on("exit", (code) => this.stop(new Error(`the PGlite worker exited with code ${code}`)));
  }

  /** True while a statement is queued or running in the worker. */
  get busy() {
    return this.pending.size > 0;
  }

  /** Calls queued or running in the worker (metrics). */
  get queued() {
    return this.pending.size;
  }

  get alive() {
    return this.failure === undefined;
  }

  private stop(err: Error) {
    if (this.failure) return;
    // The engine is gone: pending and later calls fail as "database unavailable" (admin_shutdown).
    this.failure = Object.assign(new Error(`The embedded database stopped: ${err.message}`), { code: "57P01" });
    for (const call of this.pending.values()) call.reject(this.failure);
    this.pending.clear();
    if (!this.closing) this.onFatal(this.failure);
  }

  call<T>(request: Request, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = ++this.lastId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  query<T>(sql: string, params: unknown[] = [], options: Pick<QueryOptions, "rowMode" | "parsers"> = {}, tx?: number) {
    return runQuery<T>(this, sql, params, options, tx);
  }

  async exec(sql: string, tx?: number) {
    return (await this.call<WireResults[]>({ op: "exec", sql, tx })) as Results[];
  }

  async transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T> {
    const tx = await this.call<number>({ op: "begin" });
    const scoped: PgliteQueryable = {
      query: (sql, params, options) => this.query(sql, params, options, tx),
      exec: (sql) => this.exec(sql, tx),
    };
    let result: T;
    try {
      result = await fn(scoped);
    } catch (err) {
      await this.call({ op: "end", tx, commit: false });
      throw err;
    }
    await this.call({ op: "end", tx, commit: true });
    return result;
  }

  async dumpDataDir() {
    return new Blob([await this.call<ArrayBuffer>({ op: "dump" })]);
  }

  async backup() {
    return new Uint8Array(await this.call<ArrayBuffer>({ op: "backup" }));
  }

  async close() {
    if (this.failure) return;
    this.closing = true;
    await this.call({ op: "close" });
    await this.worker.terminate();
  }
}

async function runQuery<T>(
  client: WorkerClient,
  sql: string,
  params: unknown[],
  options: Pick<QueryOptions, "rowMode" | "parsers">,
  tx: number | undefined,
): Promise<Results<T>> {
  const parsers: ParserOptions = options.parsers ?? {};
  const raw = Object.keys(parsers).map(Number);
  const rowMode = options.rowMode ?? "object";
  const result = await client.call<Results<T>>({ op: "query", sql, params, rowMode, raw, tx });
  // Parsers are functions and cannot cross threads: the worker returned these types' text and the
  // caller's parsers run here (drizzle's keep dates and timestamps as text, so this is a no-op loop).
  if (raw.length > 0 && result.rows.length > 0) {
    result.fields.forEach((field, index) => {
      const parse = parsers[field.dataTypeID];
      if (!parse) return;
      for (const row of result.rows as Record<string | number, unknown>[]) {
        const key = rowMode === "array" ? index : field.name;
        if (row[key] !== null) row[key] = parse(row[key] as string);
      }
    });
  }
  return result;
}

/** Starts the worker from the bundle (dist/pglite-worker.js) or, under tsx or Vitest, from source. */
function startWorker(data: WorkerOptions, transferList: ArrayBuffer[]): Worker {
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./pglite-worker.js", import.meta.url), { workerData: data, transferList });
  }
  // A worker's execArgv cannot carry `--import tsx`, so the worker registers tsx's hooks itself
  // (tsx/esm/api's ESM build, which sits next to the CommonJS one require.resolve finds).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const entry = new URL("./pglite-worker.ts", import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data, transferList });
}

/**
 * Embedded PostgreSQL (PGlite), run in a worker thread so that a long statement never blocks the
 * HTTP layer (docs/decisions/014). Two PGlite instances on one directory corrupt it, so the directory
 * is locked for the life of the process; a second process gets a DataDirLockedError.
 *
 * If the worker dies, pending and later statements fail as "database unavailable" and onFatal runs
 * (by default it raises the error on the main thread, so the process ends and its supervisor
 * restarts it on the same data directory).
 */
export async function openPglite(
  options: {
    dataDir?: string;
    loadDataDir?: Blob;
    analyzeEveryMs?: number;
    /** The engine's `shared_buffers`; PostgreSQL's default (128MB) when not given. */
    sharedBuffers?: string;
    logger?: Logger;
    onFatal?: (err: Error) => void;
  } = {},
): Promise<DatabaseHandle> {
  let release: (() => Promise<void>) | undefined;
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = resolve(options.dataDir);
    mkdirSync(dataDir, { recursive: true });
    try {
      release = await lockfile.lock(dataDir, {
        lockfilePath: join(dataDir, ".vetportal.lock"),
        stale: 10_000,
        update: 4_000,
        // A live holder refreshes the lock every 4 s; a crashed one leaves a lock that turns stale after
        // 10 s and is then taken over. No waiting: a second process is told at once.
        retries: 0,
        realpath: false,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ELOCKED") {
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by another Vet Portal process. ` +
            "Stop that process first, or set DATA_DIR to another directory (or DATABASE_URL to use a PostgreSQL server). " +
            "If that process has just crashed, its lock expires within 10 seconds.",
        );
      }
      throw err;
    }
  }

  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const worker = startWorker(
    {
      dataDir,
      loadDataDir,
      analyzeEveryMs: options.analyzeEveryMs ?? ANALYZE_EVERY_MS,
      sharedBuffers: options.sharedBuffers,
    },
    loadDataDir ? [loadDataDir] : [],
  );
  try {
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: WorkerReply) => {
        if (!("ready" in reply)) return;
        worker.off("message", onMessage);
        worker.off("error", reject);
        if (reply.ready) resolve();
        else reject(toError(reply.error));
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    });
  } catch (err) {
    await worker.terminate();
    await release?.();
    throw err;
  }

  const onFatal =
    options.onFatal ??
    ((err: Error) =>
      setImmediate(() => {
        throw err;
      }));
  const client = new WorkerClient(worker, onFatal, options.logger);
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Database;
  return {
    db,
    pglite: client,
    driver: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    withMigrationLock: (fn) => fn(),
    // PGlite runs one statement at a time: while the worker is busy, a `select 1` would only wait its
    // turn, so a live, busy worker counts as up.
    ping: async () => {
      if (client.busy) return client.alive;
      await client.query("select 1");
      return true;
    },
    // One engine, one statement at a time: "in use" while the worker has a call, the rest wait.
    poolStats: () => ({
      max: 1,
      total: 1,
      idle: client.busy ? 0 : 1,
      waiting: Math.max(0, client.queued - 1),
    }),
    close: async () => {
      await client.close();
      await release?.();
    },
  };
}
