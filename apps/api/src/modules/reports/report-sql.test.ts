import { type ReportFilterInput, ReportFilterSchema, SEARCH_BY } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import {
  type InventoryReportFilter,
  inventoryExportSql,
  inventoryMonthsSql,
  inventoryReportSql,
} from "./inventory-tab-sql.ts";
import { inlineSql, inventoryDetailsSql, orderExportSql, orderProductsSql, orderReportSql } from "./report-sql.ts";

/**
 * The SQL each report view generates, as a reviewer reads it (issue 21 §3): one file per view under
 * __snapshots__/report-sql/, holding its page, totals and CSV statements for a few filters. A change
 * to a view's spec shows here as a diff of SQL. `npx vitest run -u <this file>` rewrites them.
 */
const CUSTOMER = 1850;
const PAGE = { limit: 25, offset: 50 };
const MONTH = { date_from: "2026-01-01", date_to: "2026-01-31" };
const EVERY_OPTIONAL = {
  department_code: true,
  date_shipped: true,
  ship_to: true,
  tracking_number: true,
  email: true,
  phone: true,
  title: true,
};
/** The filters each view is shown with: the plain default (a rollup where one applies), a keyword, every filter and optional column. */
const FILTERS: Record<string, Omit<ReportFilterInput, "search_by" | "date_from" | "date_to">> = {
  default: {},
  "keyword 'Dental'": { keyword_search: "Dental" },
  "every filter and optional column, dated by shipping": {
    ...EVERY_OPTIONAL,
    date_by: "shipped",
    department_id: 3,
    cost_center_id: 4,
    user_id: 5,
    user_text: "ann",
    order_status_id: 2,
    payment_method_id: 1,
    order_type_id: 2,
    po_number: "PO_1%",
    keyword_search: "1234",
  },
};

const sqlFile = (sections: [string, string][]) =>
  `${sections.map(([title, text]) => `-- ${title}\n${text.trim()};\n`).join("\n")}`;

describe("the generated SQL of each report view", () => {
  for (const view of SEARCH_BY) {
    it(`${view.id} ${view.name}`, async () => {
      const sections: [string, string][] = [];
      for (const [name, input] of Object.entries(FILTERS)) {
        const filter = ReportFilterSchema.parse({ ...MONTH, ...input, search_by: view.id });
        const { rows, totals } = orderReportSql(filter, CUSTOMER, PAGE);
        sections.push([`${name}: page`, inlineSql(rows)]);
        if (totals) sections.push([`${name}: totals`, inlineSql(totals)]);
        sections.push([`${name}: CSV`, inlineSql(orderExportSql(filter, CUSTOMER))]);
      }
      await expect(sqlFile(sections)).toMatchFileSnapshot(
        `./__snapshots__/report-sql/${view.id}-${view.name.toLowerCase()}.sql`,
      );
    });
  }

  it("drill-downs and the inventory tab", async () => {
    const filter = ReportFilterSchema.parse({ ...MONTH, search_by: 2 });
    const lines = orderProductsSql(filter, CUSTOMER, 7, PAGE);
    const ledger = inventoryDetailsSql(MONTH, 7, PAGE);
    const inventory: InventoryReportFilter = {
      date_to: "2026-01-31",
      status: "ACTIVE",
      product_category_id: [2, 3],
      customer_sku: true,
    };
    const sections: [string, string][] = [
      ["product drill-down: page", inlineSql(lines.rows)],
      ["product drill-down: totals", inlineSql(lines.totals as NonNullable<typeof lines.totals>)],
      ["inventory drill-down: page", inlineSql(ledger.rows)],
      ["inventory drill-down: totals", inlineSql(ledger.totals as NonNullable<typeof ledger.totals>)],
      ["inventory tab: page", inlineSql(inventoryReportSql(inventory, CUSTOMER, PAGE))],
      ["inventory tab: months", inlineSql(inventoryMonthsSql("2026-01-31", [7, 8]))],
      ["inventory tab: CSV", inlineSql(inventoryExportSql(inventory, CUSTOMER))],
    ];
    await expect(sqlFile(sections)).toMatchFileSnapshot("./__snapshots__/report-sql/drill-downs-and-inventory-tab.sql");
  });
});
