import { REPORT_VIEWS, type ReportFilter } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import {
  matchingLines,
  productDaysWhere,
  productKeywordIn,
  rollupApplies,
  SHIP_TO,
  USER_NAME,
} from "../report-sql-parts.ts";
import { viewSql } from "../report-view-sql.ts";

const keywordOnLines = (f: ReportFilter, customerId: number) =>
  f.keyword_search ? [productKeywordIn("op.product_id", customerId, f.keyword_search)] : [];

/**
 * Item summary: one row per order line with packs not cancelled, newest order first. Its totals
 * read the daily rollup report_product_days when the filter allows it (docs/decisions/008).
 */
export const itemViewSql = viewSql({
  view: REPORT_VIEWS[4],
  kind: "listed",
  select: {
    order_id: "o.order_id",
    order_product_id: "o.id",
    created: "o.created",
    department_name: "d.name",
    user_name: USER_NAME,
    product_id: "o.product_id",
    product_name: "o.product_name",
    quantity: "o.qty",
    total_price: "o.price",
  },
  optional: {
    department_code: "d.department_code",
    date_shipped: "o.date_shipped",
    ship_to: SHIP_TO,
    tracking_number: "coalesce(o.line_tracking, o.tracking_number)",
  },
  /** A page walks the newest orders' lines; the CSV reads them order by order (docs/decisions/019). */
  rows(f, customerId, page) {
    if (!page) return matchingLines(f, customerId, keywordOnLines(f, customerId), "newest-orders-first");
    return sql`${matchingLines(f, customerId, keywordOnLines(f, customerId), "any")} order by o.created desc, op.id desc
          limit ${page.limit} offset ${page.offset}`;
  },
  joins: `join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id`,
  orderBy: () => "o.created desc, o.id desc",
  totals(f, customerId) {
    if (!rollupApplies(f)) return { from: sql`(${matchingLines(f, customerId, keywordOnLines(f, customerId))}) o` };
    return {
      from: sql`report_product_days r where ${productDaysWhere(f, customerId)}`,
      count: "coalesce(sum(r.lines), 0)",
      sums: { quantity: "r.quantity", total_price: "r.total_price" },
    };
  },
});
