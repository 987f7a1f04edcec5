/**
 * PGlite has no autovacuum daemon, so nothing keeps the planner's statistics fresh: a table that was
 * never analysed is planned as if it were tiny (issue 9: an item report took 31.5 s, 27 ms after
 * ANALYZE). This is autovacuum's analyse rule, run by the PGlite worker on a schedule: a table is
 * analysed when it has never been (reltuples < 0 and no analyse recorded; an empty table may keep
 * reltuples at -1 after one) or when more than 50 rows + 10 % of it changed
 * since its last analyse (autovacuum_analyze_threshold and _scale_factor's defaults).
 */
const STALE_TABLES_SQL = `
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s
  join pg_class c on c.oid = s.relid
  where (c.reltuples < 0 and s.last_analyze is null and s.last_autoanalyze is null)
     or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
  order by 1`;

interface Queryable {
  query<T>(sql: string): Promise<{ rows: T[] }>;
  exec(sql: string): Promise<unknown>;
}

/** Analyses the tables whose statistics are missing or stale; returns their names. */
export async function analyzeStaleTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(STALE_TABLES_SQL);
  const names = rows.map((r) => r.name);
  if (names.length > 0) await db.exec(`analyze ${names.join(", ")}`);
  return names;
}
