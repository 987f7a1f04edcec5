import { createHash } from "node:crypto";
import type { Placeholder, SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Executor } from "./handle.ts";

const dialect = new PgDialect();

/** A prepared statement's name: the hash of its text, so every text (every shape) has its own. */
const nameOf = (text: string) => `vp_${createHash("sha1").update(text).digest("base64url")}`;

/**
 * Runs a statement as a named prepared statement: a PostgreSQL connection parses and plans each
 * text once and then only binds it (decisions 018, 038). The name is the text's hash, so every
 * shape of a statement built from optional filters gets its own. Keep the shapes few: lists travel
 * as one JSON value (`db/sql/ids.ts`). PGlite runs it as any statement. The rows come as the
 * driver gives them (no drizzle mapping): select JSON or plain columns.
 */
export async function runPrepared<T>(db: Executor, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const result = await db._.session.prepareQuery(query, undefined, nameOf(query.sql), false).execute();
  return (result as { rows: T[] }).rows;
}

/**
 * A value in a statement: the value itself, or the `sql.placeholder` a statement prepared by shape
 * binds it to (preparedByShape). A function that writes SQL from values takes `Bound` ones when a
 * statement prepared by shape embeds it.
 */
export type Bound<T> = T | Placeholder;

type Statement = ReturnType<Executor["_"]["session"]["prepareQuery"]>;

/**
 * A statement built ONCE per shape (decision 038): `build(shape)` writes it with a
 * `sql.placeholder(name)` for every value of a request, and each run binds `values` to them, so a
 * request costs no building of SQL, no rendering of its text and no hash (runPrepared's per-request
 * work). `build` gets only the shape, never a request's values: a value written into the statement
 * itself would be served to every later request of that shape. Each database handle (or
 * transaction) keeps its own statements; PostgreSQL plans each once per connection.
 */
export function preparedByShape<Shape extends string, T>(build: (shape: Shape) => SQL) {
  const byDb = new WeakMap<Executor, Map<Shape, Statement>>();
  return async (db: Executor, shape: Shape, values: Record<string, unknown>): Promise<T[]> => {
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    let statement = statements.get(shape);
    if (!statement) {
      const query = dialect.sqlToQuery(build(shape));
      statement = db._.session.prepareQuery(query, undefined, nameOf(query.sql), false);
      statements.set(shape, statement);
    }
    const result = await statement.execute(values);
    return (result as { rows: T[] }).rows;
  };
}
