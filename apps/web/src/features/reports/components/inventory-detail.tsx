import { type InventoryDetailRowSchema, REPORT_DETAIL_PAGE_SIZE } from "@vetportal/contract";
import type { z } from "zod";
import { useInventoryDetails } from "../api/get-inventory-details.ts";
import { formatCount, formatReportDate, formatSigned } from "../utils/report-format.ts";
import { DrilldownView } from "./drilldown-view.tsx";
import type { ReportColumn } from "./report-table.tsx";

type Row = z.infer<typeof InventoryDetailRowSchema>;

const COLUMNS: ReportColumn<Row, never>[] = [
  { key: "date", label: "Date", cell: (row) => formatReportDate(row.date) },
  { key: "action", label: "Action", cell: (row) => row.action.charAt(0).toUpperCase() + row.action.slice(1) },
  { key: "quantity", label: "Quantity", numeric: true, cell: (row) => formatSigned(row.quantity) },
  { key: "ending", label: "Ending Inventory", numeric: true, cell: (row) => formatCount(row.ending_inventory) },
  { key: "pallets", label: "Pallets", numeric: true, cell: (row) => formatCount(row.palettes) },
  { key: "order", label: "Order #", cell: (row) => row.order_id ?? "—" },
  { key: "comment", label: "Comment", cell: (row) => row.comment || "—" },
];

/** Inventory summary → inventory detail (SPEC §2): one product's ledger in the period, 50 rows a page. */
export function InventoryDetail({
  productId,
  dateFrom,
  dateTo,
  page,
  parentTo,
  onPageChange,
}: {
  productId: number;
  dateFrom: string;
  dateTo: string;
  page: number;
  parentTo: string;
  onPageChange: (page: number) => void;
}) {
  const ledger = useInventoryDetails({
    product_id: productId,
    date_from: dateFrom,
    date_to: dateTo,
    limit: REPORT_DETAIL_PAGE_SIZE,
    offset: (page - 1) * REPORT_DETAIL_PAGE_SIZE,
  });
  return (
    <DrilldownView<Row, never>
      parent="Inventory summary"
      parentTo={parentTo}
      name={ledger.data?.product_name ?? `Product ${productId}`}
      subtitle={`Inventory movements from ${formatReportDate(dateFrom)} to ${formatReportDate(dateTo)}`}
      what="Inventory movements"
      query={ledger}
      rows={ledger.data?.rows}
      total={ledger.data?.found_rows ?? 0}
      columns={COLUMNS}
      rowKey={(row) => row.id}
      minWidth={860}
      page={page}
      onPageChange={onPageChange}
    />
  );
}
