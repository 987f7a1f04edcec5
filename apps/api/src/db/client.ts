import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths.ts";
import type { PgliteClient } from "./pglite.ts";
import * as schema from "./schema/index.ts";

export { DataDirLockedError, openPglite } from "./pglite.ts";

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
  close(): Promise<void>;
  /** The embedded engine's worker (tests dump a migrated, seeded template from it; exports page through it). */
  pglite?: PgliteClient;
  /** The server's pool (exports stream COPY through one of its connections). */
  pool?: pg.Pool;
}

type Logger = { warn(obj: unknown, msg?: string): void };

const MIGRATION_LOCK_ID = 1850_2026;

/** Error codes that mean "the database is not reachable right now" rather than "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300", // too_many_connections
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err as { code?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === "string" &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(e.message)
    )
      return true;
    if (!e.cause || e.cause === e) break;
  }
  return false;
}

/**
 * A PostgreSQL server through a pg pool. The pool's `error` event (an idle client losing its
 * connection) is logged instead of crashing the process; requests during an outage fail with
 * DATABASE_UNAVAILABLE and the pool reconnects by itself when the server is back.
 */
export async function openPostgres(
  url: string,
  options: { poolSize?: number; logger?: Logger } = {},
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", (err) =>
    options.logger?.warn({ err: err.message }, "database connection lost; the pool will reconnect"),
  );
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const withMigrationLock = async <T>(fn: () => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      try {
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      }
    } finally {
      client.release();
    }
  };
  return {
    db,
    pool,
    driver: "pg",
    migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    withMigrationLock,
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    close: () => pool.end(),
  };
}
