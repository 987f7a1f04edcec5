import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR } from "../paths.ts";
import type { Database } from "./client.ts";

/** The committed migrations' times (drizzle's journal), oldest first: what `migrate()` applies. */
function journalTimes(): number[] {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return journal.entries.map((e) => e.when);
}

/**
 * How many committed migrations the database has not applied (readiness, decision 029). drizzle's
 * migrator records each applied migration's journal time in drizzle.__drizzle_migrations and applies
 * those newer than the latest recorded one, so those are the pending ones.
 */
export async function countPendingMigrations(db: Database): Promise<number> {
  const times = journalTimes();
  const exists = (await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`)) as unknown as {
    rows: { t: string | null }[];
  };
  if (!exists.rows[0]?.t) return times.length;
  const latest = (await db.execute(
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { latest: string | null }[] };
  const applied = Number(latest.rows[0]?.latest ?? 0);
  return times.filter((when) => when > applied).length;
}
