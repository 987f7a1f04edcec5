import type { Results } from "@electric-sql/pglite";

/**
 * Messages between the main thread and the worker thread that owns the PGlite engine
 * (docs/decisions/014). Every request carries an id; the worker answers it exactly once.
 */
export type WorkerRequest =
  | {
      id: number;
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      /** Type OIDs returned as the server's text; the main thread applies the caller's parsers to them. */
      raw: number[];
      /** The open transaction the statement belongs to; none means "after any open transaction". */
      tx?: number;
    }
  | { id: number; op: "exec"; sql: string; tx?: number }
  /** Opens a transaction; the answer (its number) comes once BEGIN has run. */
  | { id: number; op: "begin" }
  /** Commits or rolls back an open transaction; answered after COMMIT or ROLLBACK. */
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "dump" }
  /** A backup: a gzip'd tar of the data directory, taken between transactions (db/backup.ts). */
  | { id: number; op: "backup" }
  | { id: number; op: "close" };

/** A query's result as it crosses the thread boundary (no Blob). */
export type WireResults = Pick<Results, "rows" | "fields" | "affectedRows"> & { command?: string };

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { ready: true }
  | { ready: false; error: SerializedError }
  /** Something the main thread should log (a failed scheduled ANALYZE). */
  | { warning: string };

/** An error's message and its primitive own properties (PostgreSQL's code, constraint, detail, ...). */
export type SerializedError = { message: string } & Record<string, string | number | boolean | null | undefined>;

export interface WorkerOptions {
  dataDir?: string;
  /** A data-directory dump (tar) to start from. */
  loadDataDir?: ArrayBuffer;
  /** How often stale statistics are refreshed (ms); 0 turns the schedule off. */
  analyzeEveryMs: number;
  /** The engine's `shared_buffers` (PostgreSQL's default, 128MB, when not given). */
  sharedBuffers?: string;
}

export function serializeError(err: unknown): SerializedError {
  if (!(err instanceof Error)) return { message: String(err) };
  const out: SerializedError = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (value === null || ["string", "number", "boolean", "undefined"].includes(typeof value)) {
      out[key] = value as SerializedError[string];
    }
  }
  return out;
}
