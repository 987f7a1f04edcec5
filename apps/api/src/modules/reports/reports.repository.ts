import { ALL_ORDER_STATUSES } from "@vetportal/contract";
import { and, asc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { cost_centers, departments, product_categories, products, report_exports } from "../../db/schema/index.ts";
import { inlineSql, type ReportStatements } from "./report-sql.ts";

type Row = Record<string, unknown>;

/** Runs a report statement (inlined, so it is the very text the CSV export and the benchmark run). */
export async function runSql<T extends Row = Row>(db: Executor, statement: SQL): Promise<T[]> {
  const result = await db.execute(sql.raw(inlineSql(statement)));
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The page and its totals. On a PostgreSQL server the two statements run side by side on two pool
 * connections; PGlite runs them one after the other.
 */
export async function runReport(db: Executor, statements: ReportStatements): Promise<{ rows: Row[]; totals: Row }> {
  const [rows, totals] = await Promise.all([
    runSql(db, statements.rows),
    statements.totals ? runSql(db, statements.totals) : Promise.resolve(null),
  ]);
  return { rows, totals: totals?.[0] ?? rows[0] ?? {} };
}

export async function findProduct(db: Executor, customerId: number, productId: number) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.customer_id, customerId)));
  return row;
}

/** The selects of the report filter (SPEC §7): departments and cost centers with ALL (0) first. */
export async function listFilterOptions(db: Executor, customerId: number) {
  const [departmentRows, costCenterRows, categoryRows] = await Promise.all([
    db
      .select({ id: departments.id, name: departments.name })
      .from(departments)
      .where(and(eq(departments.customer_id, customerId), eq(departments.is_deleted, false)))
      .orderBy(asc(departments.name)),
    db
      .select({ id: cost_centers.id, name: cost_centers.name })
      .from(cost_centers)
      .where(and(eq(cost_centers.customer_id, customerId), eq(cost_centers.is_deleted, false)))
      .orderBy(asc(cost_centers.name)),
    db
      .select({ id: product_categories.id, name: product_categories.name })
      .from(product_categories)
      .where(eq(product_categories.customer_id, customerId))
      .orderBy(asc(product_categories.name)),
  ]);
  const all = { id: 0, name: "ALL" };
  return {
    departments: [all, ...departmentRows],
    cost_centers: [all, ...costCenterRows],
    order_statuses: [all, ...ALL_ORDER_STATUSES.map(({ id, name }) => ({ id, name }))],
    categories: categoryRows,
  };
}

export async function insertExport(db: Executor, row: typeof report_exports.$inferInsert) {
  // Expired codes are of no use to anyone: clear them as new ones are made.
  await db.delete(report_exports).where(lt(report_exports.expires_at, sql`now()`));
  await db.insert(report_exports).values(row);
}

/** An export code that still works, without using it up (a HEAD request). */
export async function findExport(db: Executor, codeHash: string) {
  const [row] = await db
    .select({ file_name: report_exports.file_name })
    .from(report_exports)
    .where(and(eq(report_exports.code_hash, codeHash), sql`${report_exports.expires_at} > now()`));
  return row;
}

/**
 * Takes an export code for a download: a code works once (docs/decisions/025), so the row is
 * deleted as it is read, and a second download of the same code finds nothing.
 */
export async function claimExport(db: Executor, codeHash: string) {
  const [row] = await db.delete(report_exports).where(eq(report_exports.code_hash, codeHash)).returning();
  return row && row.expires_at > new Date() ? row : undefined;
}

/** Gives a claimed code back when its download could not start (the reports database was down). */
export async function restoreExport(db: Executor, row: typeof report_exports.$inferSelect) {
  await db.insert(report_exports).values(row).onConflictDoNothing();
}

/**
 * How far behind the primary the reports database is (docs/decisions/025): 0 when it has replayed
 * all it received, else the age of the last commit it replayed (or, before its first, of its start).
 */
export async function readFreshness(db: Executor) {
  const [row] = await runSql<{ now_seconds: number; lag_seconds: number }>(
    db,
    sql`select extract(epoch from now())::float8 as now_seconds, case
      when not pg_is_in_recovery() or pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
      else greatest(0, extract(epoch from now() - coalesce(pg_last_xact_replay_timestamp(), pg_postmaster_start_time())))
    end::float8 as lag_seconds`,
  );
  const lag = Number(row?.lag_seconds ?? 0);
  return { lagSeconds: lag, asOf: new Date((Number(row?.now_seconds) - lag) * 1000) };
}
