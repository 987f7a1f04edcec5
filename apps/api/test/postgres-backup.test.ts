import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../src/db/backup.ts";
import { openPostgres } from "../src/db/client.ts";
import { createPostgresCopy, queryRows } from "./helpers.ts";
import { ownPostgresDatabase } from "./support/own-database.ts";

/** Backup and restore (decision 029, docs/operations.md): a backup taken while the portal runs holds its orders. */

const work = mkdtempSync(join(tmpdir(), "vp-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const orderIds = async (db: Parameters<typeof queryRows>[0]) =>
  (await queryRows<{ id: number }>(db, sql`select id from orders order by id`)).map((r) => r.id);

describe("PostgreSQL: npm run db:backup / db:restore (pg_dump and pg_restore)", () => {
  it("restores a pg_dump backup into an empty database with its orders", async () => {
    const source = await createPostgresCopy();
    const target = await ownPostgresDatabase({ empty: true, prefix: "vp_restore" });
    try {
      const file = join(work, "server.dump");
      expect(await backupDatabase({ dataDir: work, databaseUrl: source.url }, file)).toEqual({ via: "pg_dump" });
      await restoreDatabase({ dataDir: work, databaseUrl: target.url }, file);
      const [a, b] = [await openPostgres(source.url), await openPostgres(target.url)];
      try {
        const ids = await orderIds(b.db);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).toEqual(await orderIds(a.db));
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await target.drop();
      await source.drop();
    }
  });
});
