import { EXPORT_FILE_PREFIX, type ReportFilter, type SearchBy } from "@vetportal/contract";
import { type SQL, sql } from "drizzle-orm";
import { dayEnd, dayStart } from "../../lib/portal-days.ts";
import { isoTime, matchingLines, type Page, userName } from "./report-sql-parts.ts";
import { csvStatement, pageStatements, type ReportStatements, summedKeys } from "./report-view-sql.ts";
import { VIEW_SQL } from "./views/index.ts";

export { inlineSql } from "./report-sql-parts.ts";
export type { ReportStatements } from "./report-view-sql.ts";

/**
 * The statements of the order report (SPEC §3 rows, §7 POST /report/orderFrontEnd), of its CSV
 * exports and of its drill-downs. Each view's statements are derived from its spec — the contract's
 * REPORT_VIEWS and the SQL beside it in views/ (docs/decisions/032) — so the page, the totals, the
 * CSV and the benchmark's "PostgreSQL alone" figure all run the same text (decision 008).
 */

/**
 * The statements of one page of a view. Order and item summaries run a page query and a totals
 * query (the API runs them concurrently); the grouped views answer both in `rows`.
 */
export function orderReportSql(f: ReportFilter, customerId: number, page: Page): ReportStatements {
  return pageStatements(VIEW_SQL[f.search_by], f, customerId, page);
}

/** The CSV statement of a view: every matching row, in the page's order. */
export function orderExportSql(f: ReportFilter, customerId: number): SQL {
  return csvStatement(VIEW_SQL[f.search_by], f, customerId);
}

/** orders_2026-01-01_2026-01-31.csv and the like (SPEC §9). */
export function exportFileName(f: ReportFilter): string {
  return `${EXPORT_FILE_PREFIX[f.search_by]}${f.date_from}_${f.date_to}.csv`;
}

// ---------------------------------------------------------------------------------------------
// Drill-downs.

/** The lines behind one product summary row (POST /api/order/listOrderProducts), newest first. */
export function orderProductsSql(f: ReportFilter, customerId: number, productId: number, page: Page): ReportStatements {
  const lines = matchingLines(f, customerId, [sql`op.product_id = ${productId}`]);
  const rows = sql`select l.id as order_product_id, l.order_id, ${isoTime("l.created")} as created,
      st.name as order_status_name, ${userName} as user_name, d.name as department_name,
      l.qty::int as quantity, l.cancelled_quantity, l.unit_price_cents as unit_price, l.price::float8 as total_price
    from (${matchingLines(f, customerId, [sql`op.product_id = ${productId}`], "any")} order by o.created desc, op.id desc
          limit ${page.limit} offset ${page.offset}) l
    join users u on u.id = l.user_id
    join order_statuses st on st.id = l.order_status_id
    left join departments d on d.id = l.department_id
    order by l.created desc, l.id desc`;
  const totals = sql`select count(*)::int as found_rows, coalesce(sum(l.qty), 0)::int as quantity,
      coalesce(sum(l.price), 0)::float8 as total_price from (${lines}) l`;
  return { rows, totals };
}

interface DateRange {
  date_from: string;
  date_to: string;
}

/** One product's ledger rows in the period (POST /api/report/inventoryDetails), newest first. */
export function inventoryDetailsSql(range: DateRange, productId: number, page: Page): ReportStatements {
  const where = sql`t.product_id = ${productId} and t.created >= ${dayStart(range.date_from)} and t.created < ${dayEnd(range.date_to)}`;
  const rows = sql`select t.id, t.action, t.quantity, t.ending_inventory, t.palettes, t.order_id, t.comment,
      ${isoTime("t.created")} as date
    from inventory_transactions t where ${where}
    order by t.created desc, t.id desc limit ${page.limit} offset ${page.offset}`;
  const totals = sql`select count(*)::int as found_rows from inventory_transactions t where ${where}`;
  return { rows, totals };
}

/** A grouped view's row key and summed columns (its totals come on each row); null for a listed view. */
export function groupedViewOf(searchBy: SearchBy): { key: string; totals: string[] } | null {
  const spec = VIEW_SQL[searchBy];
  return spec.kind === "grouped" ? { key: spec.view.rowKey, totals: summedKeys(spec.view) } : null;
}
