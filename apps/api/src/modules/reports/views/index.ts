import type { ReportViewSpec, SearchBy } from "@vetportal/contract";
import type { ViewSql } from "../report-view-sql.ts";
import { inventoryViewSql } from "./inventory.ts";
import { itemViewSql } from "./item.ts";
import { orderViewSql } from "./order.ts";
import { productViewSql } from "./product.ts";
import { userViewSql } from "./user.ts";

/** The SQL half of each view's spec, by search_by (the other half: the contract's REPORT_VIEWS). */
export const VIEW_SQL: Record<SearchBy, ViewSql<ReportViewSpec>> = {
  1: orderViewSql,
  2: productViewSql,
  3: userViewSql,
  4: itemViewSql,
  5: inventoryViewSql,
};
