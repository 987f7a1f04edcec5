import { REPORT_VIEWS } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { matchingLines, productDaysWhere, productKeywordIn, rollupApplies } from "../report-sql-parts.ts";
import { viewSql } from "../report-view-sql.ts";

/**
 * Product summary: packs sold per product, with the lines' share of shipping and tax. The daily
 * rollup report_product_days answers it when the filter allows (rollupApplies); any other filter
 * reads the lines themselves, with the same arithmetic.
 */
export const productViewSql = viewSql({
  view: REPORT_VIEWS[2],
  kind: "grouped",
  rollup: "report_product_days",
  select: {
    product_id: "s.product_id",
    product_name: "p.name",
    customer_sku: "p.customer_sku",
    quantity: "s.qty",
    total_price: "s.price",
    shipping_cost: "s.ship",
    tax_amount: "s.tax",
    pick_fee: "s.pick",
    subtotal: "(s.price + s.ship + s.tax + s.pick)",
  },
  optional: {},
  groups(f, customerId) {
    let sums = sql`select r.product_id, sum(r.quantity) as qty, sum(r.total_price) as price, sum(r.shipping_cost) as ship,
        sum(r.tax_amount) as tax, sum(r.pick_fee) as pick
      from report_product_days r where ${productDaysWhere(f, customerId)} group by r.product_id`;
    if (!rollupApplies(f)) {
      const extra = f.keyword_search ? [productKeywordIn("op.product_id", customerId, f.keyword_search)] : [];
      sums = sql`select l.product_id, sum(l.qty) as qty, sum(l.price) as price, sum(l.ship) as ship,
        sum(l.tax) as tax, sum(l.pick) as pick
      from (${matchingLines(f, customerId, extra)}) l group by l.product_id`;
    }
    return sql`(${sums}) s join products p on p.id = s.product_id`;
  },
  orderBy: ["product_name", "product_id"],
});
