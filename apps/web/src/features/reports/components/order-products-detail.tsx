import { type OrderProductRowSchema, REPORT_DETAIL_PAGE_SIZE } from "@vetportal/contract";
import type { z } from "zod";
import { formatMoney } from "../../../lib/format.ts";
import { useOrderProducts } from "../api/list-order-products.ts";
import { formatCount, formatReportDate } from "../utils/report-format.ts";
import { type ReportFormValues, toReportFilter } from "../utils/report-params.ts";
import { DrilldownView } from "./drilldown-view.tsx";
import { count, money, type ReportColumn } from "./report-table.tsx";

type Row = z.infer<typeof OrderProductRowSchema>;
type Totals = { quantity: number; total_price: number };

const COLUMNS: ReportColumn<Row, Totals>[] = [
  { key: "order", label: "Order #", cell: (row) => row.order_id },
  { key: "line", label: "Line #", cell: (row) => row.order_product_id },
  { key: "created", label: "Created", cell: (row) => formatReportDate(row.created) },
  { key: "status", label: "Status", cell: (row) => row.order_status_name },
  { key: "user", label: "User", cell: (row) => row.user_name || "—" },
  { key: "department", label: "Department", cell: (row) => row.department_name || "—" },
  count("quantity", "Quantity"),
  { key: "cancelled", label: "Cancelled", numeric: true, cell: (row) => formatCount(row.cancelled_quantity) },
  { key: "unit_price", label: "Unit Price", numeric: true, cell: (row) => formatMoney(row.unit_price) },
  money("total_price", "Total Price"),
];

/**
 * Product summary → product detail (SPEC §2): the order lines of one product under the same
 * filter, 50 a page (SPEC §9), with their totals.
 */
export function OrderProductsDetail({
  filter,
  productId,
  page,
  parentTo,
  onPageChange,
}: {
  filter: ReportFormValues;
  productId: number;
  page: number;
  parentTo: string;
  onPageChange: (page: number) => void;
}) {
  const { search_by: _view, ...rest } = toReportFilter(filter);
  const lines = useOrderProducts({
    ...rest,
    product_id: productId,
    limit: REPORT_DETAIL_PAGE_SIZE,
    offset: (page - 1) * REPORT_DETAIL_PAGE_SIZE,
  });
  return (
    <DrilldownView
      parent="Product summary"
      parentTo={parentTo}
      name={lines.data?.product_name ?? `Product ${productId}`}
      subtitle={`Order lines from ${formatReportDate(filter.date_from)} to ${formatReportDate(filter.date_to)}`}
      what="Order lines"
      query={lines}
      rows={lines.data?.rows}
      totals={lines.data?.totals}
      total={lines.data?.found_rows ?? 0}
      columns={COLUMNS}
      rowKey={(row) => row.order_product_id}
      minWidth={980}
      page={page}
      onPageChange={onPageChange}
    />
  );
}
