import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { backupDatabase, restoreDatabase, serveBackups } from "../src/db/backup.ts";
import { openPglite } from "../src/db/client.ts";
import { bearer, queryRows, signInPractice, testConfig } from "./helpers.ts";
import { insertProduct, orderBody } from "./support/fixtures.ts";

/** Backup and restore (decision 029, docs/operations.md): a backup taken while the portal runs holds its orders. */

const work = mkdtempSync(join(tmpdir(), "vp-backup-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const quiet = { info() {}, warn() {} };

const orderIds = async (db: Parameters<typeof queryRows>[0]) =>
  (await queryRows<{ id: number }>(db, sql`select id from orders order by id`)).map((r) => r.id);

describe("PGlite: npm run db:backup / db:restore", () => {
  it("takes a backup from the running portal and restores it with its orders", async () => {
    const dataDir = join(work, "data");
    const file = join(work, "portal.backup");
    const database = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject("pgliteTemplate"))]) });
    const app = await buildApp({ config: testConfig(), database });
    const stopBackups = await serveBackups(dataDir, database.pglite as never, quiet);
    try {
      await app.ready();
      const product = await insertProduct(
        database.db,
        { id: 990_029, name: "Backup Brochure", is_in_inventory: false, no_order_below_zero_inventory: false },
        [[1, null, 1500]],
      );
      const practice = await signInPractice(app);
      const place = () =>
        app.inject({
          method: "POST",
          url: "/api/order/add",
          headers: bearer(practice.access_token),
          payload: orderBody([{ id: product, quantity: 1 }]),
        });
      const before = (await place()).json().data as number;

      // The directory is the running server's: the backup comes from it, while requests go on.
      const [backup, during] = await Promise.all([backupDatabase({ dataDir }, file), place()]);
      expect(backup).toEqual({ via: "server" });
      expect(during.statusCode).toBe(200);
      const after = (await place()).json().data as number;
      const live = await orderIds(database.db);
      expect(live).toContain(before);
      expect(live).toContain(after);

      // A restore needs the portal stopped.
      await expect(restoreDatabase({ dataDir }, file)).rejects.toThrow(/stop the portal/);
      const restoredDir = join(work, "restored");
      const restored = await restoreDatabase({ dataDir: restoredDir }, file);
      const copy = await openPglite({ dataDir: restoredDir });
      try {
        const ids = await orderIds(copy.db);
        expect(restored.orders).toBe(ids.length);
        expect(ids).toContain(before);
        expect(ids).not.toContain(after);
        // Whether the order placed during the backup is in it depends on which came first; either
        // way it is whole: an order is there with its lines or not at all.
        const [half] = await queryRows<{ n: number }>(
          copy.db,
          sql`select count(*)::int as n from orders o where not exists (select 1 from order_products l where l.order_id = o.id)`,
        );
        expect(half?.n).toBe(0);
      } finally {
        await copy.close();
      }
    } finally {
      await stopBackups();
      await app.close();
      await database.close();
    }

    // With the portal stopped, the tool opens the directory itself; a restore over it keeps the old one.
    const offline = join(work, "offline.backup");
    expect(await backupDatabase({ dataDir }, offline)).toEqual({ via: "directory" });
    const result = await restoreDatabase({ dataDir }, offline);
    expect(result.previous).toMatch(/data\.before-restore-/);
    expect(existsSync(join(result.previous as string, "PG_VERSION"))).toBe(true);
    expect(result.orders).toBeGreaterThan(0);
  }, 90_000);

  it("refuses a file that is not a backup and a directory without a database, changing nothing", async () => {
    const dir = join(work, "empty");
    await expect(backupDatabase({ dataDir: dir }, join(work, "none.backup"))).rejects.toThrow(/no database/);
    await expect(restoreDatabase({ dataDir: dir }, join(work, "missing.backup"))).rejects.toThrow(/No backup/);
    await expect(restoreDatabase({ dataDir: dir }, new URL(import.meta.url).pathname)).rejects.toThrow(
      /not a Vet Portal backup/,
    );
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });
});
