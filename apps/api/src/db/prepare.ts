import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client.ts";
import { analyzeStaleTables } from "./pglite-analyze.ts";
import { seedDemoData } from "./seed/index.ts";

/**
 * Brings a database up to date at start-up: applies the committed migrations and, when asked,
 * loads the demo data into an empty database, then gives the planner statistics. Several processes
 * starting together on one PostgreSQL server take turns through an advisory lock.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seed: boolean; customerId: number; log?: { info(obj: unknown, msg?: string): void } },
) {
  return database.withMigrationLock(async () => {
    const started = Date.now();
    await database.migrate();
    const seeded = options.seed
      ? await seedDemoData(database.db, { customerId: options.customerId })
      : { seeded: false, orders: 0 };
    const analyzed = await analyze(database, seeded.seeded);
    return { driver: database.driver, migrated: true, ...seeded, analyzed, ms: Date.now() - started };
  });
}

/**
 * Without statistics the planner takes every table for a tiny one (issue 9: an item report took
 * 31.5 s before ANALYZE, 27 ms after). Freshly seeded data is analysed on either driver; after that
 * PostgreSQL's autovacuum keeps statistics fresh, and on PGlite, which has none, the tables that were
 * never analysed or changed much are analysed here and then on the worker's schedule.
 */
async function analyze(database: DatabaseHandle, seeded: boolean): Promise<number | "all"> {
  if (seeded) {
    await database.db.execute(sql`analyze`);
    return "all";
  }
  if (database.driver !== "pglite") return 0;
  const tables = await analyzeStaleTables({
    query: async <T>(text: string) => (await database.db.execute(sql.raw(text))) as unknown as { rows: T[] },
    exec: (text) => database.db.execute(sql.raw(text)),
  });
  return tables.length;
}
