import { REPORT_VIEWS, type ReportFilter } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import {
  and,
  orderConditions,
  orderKeyword,
  PLACED_BY,
  PRACTICE_NAME,
  SHIP_TO,
  USER_NAME,
} from "../report-sql-parts.ts";
import { viewSql } from "../report-view-sql.ts";

const newestFirst = (f: ReportFilter) =>
  f.date_by === "shipped" ? "o.date_shipped desc, o.id desc" : "o.created desc, o.id desc";

/** Order summary: one row per order, newest first (by creation or shipping, as the filter dates them). */
export const orderViewSql = viewSql({
  view: REPORT_VIEWS[1],
  kind: "listed",
  select: {
    id: "o.id",
    order_status: "o.order_status_id",
    order_status_name: "st.name",
    created: "o.created",
    customer_name: PRACTICE_NAME,
    user_name: USER_NAME,
    placed_by: PLACED_BY,
    department_name: "d.name",
    cost_center_name: "cc.name",
    po_number: "o.po_number",
    total_items_amount: "o.total_items_amount",
    pick_fee_amount: "o.pick_fee_amount",
    tax_amount: "o.tax_amount",
    shipping_amount: "o.shipping_amount",
    processing_amount: "o.processing_amount",
    total_order_amount: "o.total_order_amount",
  },
  optional: {
    department_code: "d.department_code",
    date_shipped: "o.date_shipped",
    ship_to: SHIP_TO,
    tracking_number: "o.tracking_number",
    email: "o.email",
    phone: "o.contact_phone",
    title: "u.title",
  },
  /** The matching orders; a page of them is the newest, through orders_customer_created_idx. */
  rows(f, customerId, page) {
    const where = orderConditions(f, customerId);
    if (f.keyword_search) where.push(orderKeyword(f.keyword_search));
    if (!page) return sql`select * from orders o where ${and(where)}`;
    return sql`select * from orders o where ${and(where)} order by ${sql.raw(newestFirst(f))}
          limit ${page.limit} offset ${page.offset}`;
  },
  joins: `join users u on u.id = o.user_id
    join order_statuses st on st.id = o.order_status_id
    left join departments d on d.id = o.department_id
    left join cost_centers cc on cc.id = o.cost_center_id
    left join users pb on pb.id = o.placed_by_user_id`,
  orderBy: newestFirst,
});
