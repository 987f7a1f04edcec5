import type { DatabaseHandle } from "./client.ts";
import { seedDemoData } from "./seed/index.ts";

/**
 * Brings a database up to date at start-up: applies the committed migrations and, when asked,
 * loads the demo data into an empty database. Several processes starting together on one
 * PostgreSQL server take turns through an advisory lock.
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
    return { driver: database.driver, migrated: true, ...seeded, ms: Date.now() - started };
  });
}
