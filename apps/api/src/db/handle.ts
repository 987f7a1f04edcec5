// The types every database user sees, whichever driver is underneath: client.ts (pg) and pglite.ts
// (the embedded engine) both build a DatabaseHandle, and neither imports the other for its types.
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type pg from "pg";
import type * as schema from "./schema/index.ts";

export type Schema = typeof schema;
/** The one database type services and repositories see, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A database or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "pg";
  /** Applies committed migrations (call inside withMigrationLock when several processes may start at once). */
  migrate(): Promise<void>;
  /** Runs fn while holding the cross-process migration lock (seeding uses it too). */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /** How busy the connections are (metrics, decision 029): the pg pool's, or the PGlite worker's queue. */
  poolStats(): PoolStats;
  close(): Promise<void>;
  /** The embedded engine's worker (tests dump a migrated, seeded template from it; exports page through it). */
  pglite?: PgliteClient;
  /** The server's pool. */
  pool?: pg.Pool;
  /** The pool CSV exports stream COPY through, apart from the API's (docs/decisions/025). */
  exportPool?: pg.Pool;
  /** The server's limits, when the process set them (an export's COPY reads its own from here). */
  limits?: PostgresLimits;
}

/** Connections of a database handle: open, idle, the most there may be, and requests waiting for one. */
export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Limits on a slow or frozen PostgreSQL server (README "Configuration", docs/decisions/011). */
export interface PostgresLimits {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectTimeoutMs: number;
  /** Server side: a statement running longer is cancelled (the connection stays usable). */
  statementTimeoutMs: number;
  /** Client side: a statement the server has not answered by then is given up with its connection. */
  queryTimeoutMs: number;
  /** Server side: a session idle inside a transaction that long is ended, releasing its locks. */
  idleInTransactionTimeoutMs: number;
  /** The statement timeout of a CSV export's COPY, which streams for as long as the file is long. */
  exportStatementTimeoutMs: number;
  /** TCP keep-alive probes start after the connection has been silent this long. */
  keepAliveMs: number;
}

/** What drizzle's PGlite driver and the CSV export call, inside a transaction or outside. */
export interface PgliteQueryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: Pick<QueryOptions, "rowMode" | "parsers">,
  ): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** The PGlite engine as the main thread sees it: a client of the worker thread that owns it. */
export interface PgliteClient extends PgliteQueryable {
  /** Runs fn inside one transaction; no other statement reaches the engine until it ends. */
  transaction<T>(fn: (tx: PgliteQueryable) => Promise<T>): Promise<T>;
  /** A tar of the data directory (the tests' template). */
  dumpDataDir(): Promise<Blob>;
  /** A consistent backup while the portal runs: a gzip'd tar of the data directory taken between transactions. */
  backup(): Promise<Uint8Array>;
}
