import { REPORT_VIEWS } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { and, orderConditions, orderKeyword, USER_NAME } from "../report-sql-parts.ts";
import { viewSql } from "../report-view-sql.ts";

/** User summary: the invoiced amounts of each ordering user's orders. */
export const userViewSql = viewSql({
  view: REPORT_VIEWS[3],
  kind: "grouped",
  select: {
    user_id: "s.user_id",
    user_name: USER_NAME,
    first_name: "u.first_name",
    last_name: "u.last_name",
    department_name: "d.name",
    orders: "s.orders",
    total_price: "s.total_price",
    pick_fee: "s.pick_fee",
    shipping_cost: "s.shipping_cost",
    tax_amount: "s.tax_amount",
    processing_amount: "s.processing_amount",
    subtotal: "s.subtotal",
  },
  optional: { department_code: "d.department_code", email: "u.email", phone: "u.phone", title: "u.title" },
  groups(f, customerId) {
    const where = orderConditions(f, customerId);
    if (f.keyword_search) where.push(orderKeyword(f.keyword_search));
    return sql`(select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where ${and(where)} group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id`;
  },
  orderBy: ["user_name", "user_id"],
});
