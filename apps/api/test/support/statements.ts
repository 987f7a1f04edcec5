import type { DatabaseHandle } from "../../src/db/client.ts";

type Queryable = { query: (...args: unknown[]) => unknown };

/**
 * Records the text of every statement the application sends to the database until `stop()`: the
 * pg pool's queries, or the PGlite worker client's (both drivers' drizzle sessions call `query`).
 * Issue 22 §2's round trips are counted with it (decision 038).
 */
export function watchStatements(database: DatabaseHandle) {
  const target = (database.pool ?? database.pglite) as unknown as Queryable | undefined;
  if (!target) throw new Error("no pool or PGlite client to watch");
  const original = target.query;
  const texts: string[] = [];
  const values: unknown[][] = [];
  target.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0];
    texts.push(typeof q === "string" ? q : String((q as { text?: string }).text));
    // Both drivers' drizzle sessions pass a statement's values as the second argument.
    values.push(Array.isArray(args[1]) ? args[1] : []);
    return original.apply(this, args);
  };
  return {
    texts,
    /** Each statement's bound values, in the order of `texts`. */
    values,
    /** The statements but the caches' check of their change counters (lib/cache.ts). */
    own: () => texts.filter((t) => !t.includes("cache_generations")),
    stop: () => {
      target.query = original;
    },
  };
}
