import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { causes, hasCauseCode } from "../lib/error-causes.ts";
import { MIGRATIONS_DIR } from "../paths.ts";
import type { Database, DatabaseHandle, PostgresLimits } from "./handle.ts";
import * as schema from "./schema/index.ts";

export type {
  Database,
  DatabaseHandle,
  Executor,
  PgliteClient,
  PgliteQueryable,
  PoolStats,
  PostgresLimits,
  Schema,
} from "./handle.ts";
export { DataDirLockedError, openPglite } from "./pglite.ts";

type Logger = { warn(obj: unknown, msg?: string): void };

const MIGRATION_LOCK_ID = 1850_2026;

/** Error codes that mean "the database is not reachable right now" rather than "the query is wrong". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "ETIMEDOUT",
  "EPIPE",
  "57P01", // admin_shutdown (also pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "25P03", // idle_in_transaction_session_timeout
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
  "53300", // too_many_connections
]);

/** The code of the error a connection fails with when the server did not answer within its limit. */
export const DATABASE_TIMEOUT_CODE = "VP_DATABASE_TIMEOUT";

export function databaseTimeout(message: string): Error {
  return Object.assign(new Error(message), { code: DATABASE_TIMEOUT_CODE });
}

/** Error codes that mean "the database did not answer in time". */
const TIMEOUT_CODES = new Set([
  "57014", // query_canceled: statement_timeout
  DATABASE_TIMEOUT_CODE,
]);

/** pg's messages for a connection that broke under a query, or a pool that could not get one. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|encountered a connection error and is not queryable|Client was closed and is not queryable|Query read timeout/i;

/** The database did not answer within its limits (docs/decisions/011): a 503, like an outage. */
export function isDatabaseTimeout(err: unknown): boolean {
  return hasCauseCode(err, (code) => TIMEOUT_CODES.has(code));
}

/** The database is unreachable, lost the connection or timed out: the request may be retried later. */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (hasCauseCode(err, (code) => UNAVAILABLE_CODES.has(code) || TIMEOUT_CODES.has(code))) return true;
  for (const e of causes(err)) if (typeof e.message === "string" && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  return false;
}

/**
 * A pooled connection that gives up on a statement the server has not answered within
 * `queryTimeoutMs` (a frozen server, a network that drops packets): it closes its socket, so the
 * statement fails with a DATABASE_TIMEOUT_CODE error and the pool drops the connection instead of
 * lending it out again with the statement still pending. pg's own `query_timeout` does neither (it
 * leaves the connection busy) and would also cut COPY exports, which bound themselves (csv-stream.ts).
 */
class BoundedClient extends pg.Client {
  private readonly queryTimeoutMs: number;
  constructor(config: pg.ClientConfig & { queryTimeoutMs?: number } = {}) {
    super(config);
    this.queryTimeoutMs = config.queryTimeoutMs ?? 0;
  }

  /** Closes the connection: every pending statement fails with `reason`, and the pool discards it. */
  abandon(reason: Error) {
    this.connection.stream.destroy(reason);
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query() unchanged
  override query(...args: any[]): any {
    const ms = this.queryTimeoutMs;
    if (!ms || typeof args[0]?.submit === "function") return (super.query as (...a: unknown[]) => unknown)(...args);
    const timer = setTimeout(() => this.abandon(databaseTimeout(`The database did not answer within ${ms} ms`)), ms);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === "function") {
      args[last] = (err: Error | undefined, res: unknown) => {
        clearTimeout(timer);
        callback(err, res);
      };
      return (super.query as (...a: unknown[]) => unknown)(...args);
    }
    const result = (super.query as (...a: unknown[]) => Promise<unknown>)(...args);
    result.then(
      () => clearTimeout(timer),
      () => clearTimeout(timer),
    );
    return result;
  }
}

/**
 * The pool the API uses. A connection that breaks while checked out (a transaction's, an export's)
 * goes back to the pool at once with its error, so the pool discards it and opens a new one for the
 * next request, even when its borrower never releases it (drizzle does not when `begin` fails);
 * a later release by the borrower is then a no-op instead of pg-pool's double-release error.
 */
class ResilientPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: keeps pg-pool's callback overload for pool.query()
  override connect(...args: any[]): any {
    if (args.length > 0) return (super.connect as (...a: unknown[]) => void)(...args);
    return super.connect().then((client) => {
      const release = client.release;
      let released = false;
      const onError = (err: Error) => client.release(err);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("error", onError);
        release(err);
      };
      client.on("error", onError);
      return client;
    });
  }
}

/**
 * A PostgreSQL server through a pg pool. No database fault ends the process: an idle connection
 * that is lost is reported through the pool's `error` event and logged, and every connection has
 * an `error` listener of its own (a broken one is also handed back to the pool, see ResilientPool),
 * so requests during an outage fail with DATABASE_UNAVAILABLE and the pool reconnects by itself
 * when the server is back. With `limits`, a slow or frozen server is bounded too (PostgresLimits);
 * without them (tools, tests) only the connect timeout applies. Migrations and the migration lock
 * use connections of their own, outside the pool and its limits, since either may legitimately
 * take long.
 */
export async function openPostgres(
  url: string,
  options: { poolSize?: number; exportPoolSize?: number; logger?: Logger; limits?: PostgresLimits } = {},
): Promise<DatabaseHandle> {
  const { limits } = options;
  const poolConfig = {
    connectionString: url,
    connectionTimeoutMillis: limits?.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    Client: BoundedClient,
    ...(limits && {
      queryTimeoutMs: limits.queryTimeoutMs,
      statement_timeout: limits.statementTimeoutMs,
      idle_in_transaction_session_timeout: limits.idleInTransactionTimeoutMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: limits.keepAliveMs,
    }),
  } as pg.PoolConfig;
  const pool = new ResilientPool({ ...poolConfig, max: options.poolSize ?? 10 });
  // CSV exports stream at their client's pace on connections of their own (docs/decisions/025).
  const exportPool = new ResilientPool({ ...poolConfig, max: options.exportPoolSize ?? 2 });
  for (const p of [pool, exportPool]) {
    p.on("error", (err) =>
      options.logger?.warn({ err: err.message }, "database connection lost; the pool will reconnect"),
    );
    // Every connection keeps a listener for its whole life: an `error` event without one would be an
    // uncaught exception. The borrower sees the same error through its failing statement.
    p.on("connect", (client) => client.on("error", () => {}));
  }
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  /** A connection of its own, outside the pool and its limits. */
  const withOwnConnection = async <T>(fn: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: limits?.connectTimeoutMs ?? 5_000 });
    client.on("error", (err) => options.logger?.warn({ err: err.message }, "database connection lost"));
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end().catch(() => {});
    }
  };
  const withMigrationLock = <T>(fn: () => Promise<T>): Promise<T> =>
    withOwnConnection(async (client) => {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
      try {
        return await fn();
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
      }
    });
  return {
    db,
    pool,
    exportPool,
    limits,
    driver: "pg",
    migrate: () =>
      withOwnConnection((client) => migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR })),
    withMigrationLock,
    ping: async () => {
      await db.execute(sql`select 1`);
      return true;
    },
    poolStats: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await Promise.all([pool.end(), exportPool.end()]);
    },
  };
}
