import { ORDER_STATUS_CANCELLED, ORDER_STATUS_DESTROYED, ORDER_STATUSES } from "@vetportal/contract";
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
    order_statuses: [
      all,
      ...[...ORDER_STATUSES, ORDER_STATUS_CANCELLED, ORDER_STATUS_DESTROYED].map(({ id, name }) => ({ id, name })),
    ],
    categories: categoryRows,
  };
}

export async function insertExport(db: Executor, row: typeof report_exports.$inferInsert) {
  // Expired codes are of no use to anyone: clear them as new ones are made.
  await db.delete(report_exports).where(lt(report_exports.expires_at, sql`now()`));
  await db.insert(report_exports).values(row);
}

export async function findExport(db: Executor, codeHash: string) {
  const [row] = await db
    .select()
    .from(report_exports)
    .where(and(eq(report_exports.code_hash, codeHash), sql`${report_exports.expires_at} > now()`));
  return row;
}
