import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./handle.ts";

const dialect = new PgDialect();

/**
 * Runs a statement as a named prepared statement: a PostgreSQL connection parses and plans each
 * text once and then only binds it (decisions 018, 038). The name is the text's hash, so every
 * shape of a statement built from optional filters gets its own. Keep the shapes few: lists travel
 * as one JSON value (`db/sql/ids.ts`). PGlite runs it as any statement. The rows come as the
 * driver gives them (no drizzle mapping): select JSON or plain columns.
 */
export async function runPrepared<T>(db: Executor, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `vp_${createHash("sha1").update(query.sql).digest("base64url")}`;
  const result = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return (result as { rows: T[] }).rows;
}
