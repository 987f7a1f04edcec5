import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../src/db/client.ts";
import { openTestDatabase, queryRows } from "./helpers.ts";

/** The test template is made by prepareDatabase (global-setup.ts), like a fresh `npm start`. */
describe("a database prepared with the demo data", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it("has planner statistics for every table that holds rows", async () => {
    const tables = await queryRows<{ relname: string; reltuples: number; rows: number; stats: number }>(
      database.db,
      sql`select c.relname, c.reltuples::int as reltuples,
            (xpath('/row/n/text()', query_to_xml(format('select count(*) as n from %I', c.relname), false, true, '')))[1]::text::int as rows,
            (select count(*)::int from pg_stats s where s.schemaname = 'public' and s.tablename = c.relname) as stats
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r'`,
    );
    const filled = tables.filter((t) => t.rows > 0);
    expect(filled.length).toBeGreaterThan(10);
    // reltuples is -1 until a table is analysed, and an analysed table has column statistics.
    expect(filled.filter((t) => t.reltuples <= 0 || t.stats === 0).map((t) => t.relname)).toEqual([]);
  });
});
