import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../src/db/backup.ts";
import { openPostgres } from "../src/db/client.ts";
import { databaseUrl } from "./database-url.ts";
import { createPostgresCopy, queryRows } from "./helpers.ts";

/** Backup and restore (decision 029, docs/operations.md): a backup taken while the portal runs holds its orders. */

const work = mkdtempSync(join(tmpdir(), "vp-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const orderIds = async (db: Parameters<typeof queryRows>[0]) =>
  (await queryRows<{ id: number }>(db, sql`select id from orders order by id`)).map((r) => r.id);

describe("PostgreSQL: npm run db:backup / db:restore (pg_dump and pg_restore)", () => {
  it("restores a pg_dump backup into an empty database with its orders", async () => {
    const source = await createPostgresCopy();
    const server = process.env.TEST_DATABASE_URL as string;
    const name = `vp_restore_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      const file = join(work, "server.dump");
      expect(await backupDatabase({ dataDir: work, databaseUrl: source.url }, file)).toEqual({ via: "pg_dump" });
      await admin.query(`create database ${name}`);
      await restoreDatabase({ dataDir: work, databaseUrl: databaseUrl(server, name) }, file);
      const [a, b] = [await openPostgres(source.url), await openPostgres(databaseUrl(server, name))];
      try {
        const ids = await orderIds(b.db);
        expect(ids.length).toBeGreaterThan(0);
        expect(ids).toEqual(await orderIds(a.db));
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      await source.drop();
    }
  });
});
