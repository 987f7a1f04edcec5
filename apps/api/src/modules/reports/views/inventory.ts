import { REPORT_VIEWS } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { dayStart } from "../../../lib/portal-days.ts";
import { productKeyword } from "../report-sql-parts.ts";
import { viewSql } from "../report-view-sql.ts";

const START = "coalesce(b.ending_inventory, 0)";

/**
 * Inventory summary from the ledger (DESIGN §3): the balance before the period, the movements in
 * it by kind (from the ledger's daily rollup, report_inventory_days), and the balance after.
 * Products in inventory, or with movements in the period. Only the dates and the keyword apply.
 */
export const inventoryViewSql = viewSql({
  view: REPORT_VIEWS[5],
  kind: "grouped",
  rollup: "report_inventory_days",
  select: {
    product_id: "p.id",
    name: "p.name",
    customer_sku: "p.customer_sku",
    start_inventory: START,
    replenished: "coalesce(m.replenished, 0)",
    removed: "coalesce(m.removed, 0)",
    sold: "coalesce(m.sold, 0)",
    canceled: "coalesce(m.canceled, 0)",
    ending_inventory: `${START} + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0)`,
  },
  optional: {},
  groups(f, customerId) {
    const keyword = f.keyword_search ? sql` and ${productKeyword(f.keyword_search)}` : sql``;
    return sql`products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between ${f.date_from} and ${f.date_to}
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ${dayStart(f.date_from)}
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = ${customerId} and (p.is_in_inventory or m.product_id is not null)${keyword}`;
  },
  orderBy: ["name", "product_id"],
});
