import { Anchor } from "@mantine/core";
import type {
  InventorySummaryRow,
  ItemSummaryRow,
  OrderReportData,
  OrderSummaryRow,
  ProductSummaryRow,
  ReportOptionalColumn,
  UserSummaryRow,
} from "@vetportal/contract";
import { Link } from "react-router";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { formatCount, splitReportDate } from "../utils/report-format.ts";
import { type Drilldown, visibleOptionalColumns } from "../utils/report-params.ts";
import tableClasses from "./report-table.module.css";
import { count, money, type ReportColumn, ReportTable, StackedCell } from "./report-table.tsx";

type Optional = Partial<Record<ReportOptionalColumn, string | null>>;

/** Where a drill-down link goes (the report's URL plus the drill-down). */
export type DrillTo = (drilldown: Drilldown) => string;

const text = (value: string | null | undefined) => value || "—";

/** The optional columns (SPEC §3) the search asked for and the view can show. */
function optionalColumns<Row extends Optional, Totals>(
  view: OrderReportData["search_by"],
  columns: readonly ReportOptionalColumn[],
): ReportColumn<Row, Totals>[] {
  return visibleOptionalColumns({ search_by: view, columns: [...columns] }).map((column) => ({
    key: column.key,
    label: column.label,
    wrap: column.key === "ship_to",
    cell: (row) => (column.key === "date_shipped" ? <DateCell value={row.date_shipped} /> : text(row[column.key])),
  }));
}

function DateCell({ value }: { value: string | null | undefined }) {
  const { day, time } = splitReportDate(value);
  return <StackedCell main={day} sub={time} />;
}

function DrillLink({ to, children, label }: { to: string; children: string; label?: string }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm" aria-label={label}>
      {children}
    </Anchor>
  );
}

type OrderTotals = Extract<OrderReportData, { search_by: 1 }>["totals"];
type ProductTotals = Extract<OrderReportData, { search_by: 2 }>["totals"];
type UserTotals = Extract<OrderReportData, { search_by: 3 }>["totals"];
type ItemTotals = Extract<OrderReportData, { search_by: 4 }>["totals"];
type InventoryTotals = Extract<OrderReportData, { search_by: 5 }>["totals"];

function orderColumns(drillTo: DrillTo, optional: readonly ReportOptionalColumn[]) {
  const columns: ReportColumn<OrderSummaryRow, OrderTotals>[] = [
    {
      key: "id",
      label: "Order #",
      cell: (row) => (
        <DrillLink to={drillTo({ kind: "order", orderId: row.id })} label={`Order ${row.id}`}>
          {String(row.id)}
        </DrillLink>
      ),
    },
    { key: "created", label: "Created", cell: (row) => <DateCell value={row.created} /> },
    {
      key: "status",
      label: "Status",
      cell: (row) => (
        <OrderStatusBadge status={row.order_status} name={row.order_status_name} className={tableClasses.badge} />
      ),
    },
    {
      key: "practice",
      label: "Practice / User",
      wrap: true,
      cell: (row) => <StackedCell main={text(row.customer_name)} sub={text(row.user_name)} />,
    },
    {
      key: "department",
      label: "Department / Cost Center",
      cell: (row) => <StackedCell main={text(row.department_name)} sub={text(row.cost_center_name)} />,
    },
    { key: "po_number", label: "PO Number", cell: (row) => text(row.po_number) },
    ...optionalColumns<OrderSummaryRow, OrderTotals>(1, optional),
    money("total_items_amount", "Items"),
    money("pick_fee_amount", "Pick Fees"),
    money("tax_amount", "Tax"),
    money("shipping_amount", "Shipping"),
    money("processing_amount", "Processing"),
    money("total_order_amount", "Total"),
  ];
  return columns;
}

function productColumns(drillTo: DrillTo) {
  const columns: ReportColumn<ProductSummaryRow, ProductTotals>[] = [
    {
      key: "product",
      label: "Product",
      cell: (row) => (
        <DrillLink to={drillTo({ kind: "product", productId: row.product_id, page: 1 })}>{row.product_name}</DrillLink>
      ),
    },
    { key: "sku", label: "SKU", cell: (row) => text(row.customer_sku) },
    count("quantity", "Quantity"),
    money("total_price", "Total Price"),
    money("shipping_cost", "Shipping"),
    money("tax_amount", "Tax"),
    money("pick_fee", "Pick Fee"),
    money("subtotal", "Subtotal"),
  ];
  return columns;
}

function userColumns(optional: readonly ReportOptionalColumn[]) {
  const columns: ReportColumn<UserSummaryRow, UserTotals>[] = [
    { key: "user", label: "User", cell: (row) => text(row.user_name) },
    { key: "first_name", label: "First Name", cell: (row) => text(row.first_name) },
    { key: "last_name", label: "Last Name", cell: (row) => text(row.last_name) },
    { key: "department", label: "Department", cell: (row) => text(row.department_name) },
    ...optionalColumns<UserSummaryRow, UserTotals>(3, optional),
    count("orders", "Orders"),
    money("total_price", "Total Price"),
    money("pick_fee", "Pick Fees"),
    money("shipping_cost", "Shipping"),
    money("tax_amount", "Tax"),
    money("processing_amount", "Processing"),
    money("subtotal", "Subtotal"),
  ];
  return columns;
}

function itemColumns(drillTo: DrillTo, optional: readonly ReportOptionalColumn[]) {
  const columns: ReportColumn<ItemSummaryRow, ItemTotals>[] = [
    {
      key: "order",
      label: "Order #",
      cell: (row) => (
        <DrillLink to={drillTo({ kind: "order", orderId: row.order_id })} label={`Order ${row.order_id}`}>
          {String(row.order_id)}
        </DrillLink>
      ),
    },
    { key: "line", label: "Line #", cell: (row) => row.order_product_id },
    { key: "created", label: "Created", cell: (row) => <DateCell value={row.created} /> },
    {
      key: "user",
      label: "User / Department",
      cell: (row) => <StackedCell main={text(row.user_name)} sub={text(row.department_name)} />,
    },
    { key: "product", label: "Product", wrap: true, cell: (row) => row.product_name },
    ...optionalColumns<ItemSummaryRow, ItemTotals>(4, optional),
    count("quantity", "Quantity"),
    money("total_price", "Total Price"),
  ];
  return columns;
}

function inventoryColumns(drillTo: DrillTo) {
  const columns: ReportColumn<InventorySummaryRow, InventoryTotals>[] = [
    {
      key: "product",
      label: "Product",
      cell: (row) => (
        <DrillLink to={drillTo({ kind: "inventory", productId: row.product_id, page: 1 })}>{row.name}</DrillLink>
      ),
    },
    { key: "sku", label: "SKU", cell: (row) => text(row.customer_sku) },
    count("start_inventory", "Start Inventory"),
    count("replenished", "Replenished"),
    count("removed", "Removed"),
    count("sold", "Sold"),
    count("canceled", "Canceled"),
    count("ending_inventory", "Ending Inventory"),
  ];
  return columns;
}

/** What each view is called, in headings, breadcrumbs and table names. */
export const VIEW_TITLES: Record<OrderReportData["search_by"], string> = {
  1: "Order summary",
  2: "Product summary",
  3: "User summary",
  4: "Item summary",
  5: "Inventory summary",
};

/** The table of one view of the order report (SPEC §3 row shapes), its totals in the footer. */
export function ReportResults({
  report,
  optional,
  drillTo,
}: {
  report: OrderReportData;
  optional: readonly ReportOptionalColumn[];
  drillTo: DrillTo;
}) {
  const label = VIEW_TITLES[report.search_by];
  switch (report.search_by) {
    case 1:
      return (
        <ReportTable
          label={label}
          columns={orderColumns(drillTo, optional)}
          rows={report.rows}
          rowKey={(row) => row.id}
          totals={report.totals}
          totalsLabel={`Totals · ${formatCount(report.totals.orders)} orders`}
          minWidth={1100}
        />
      );
    case 2:
      return (
        <ReportTable
          label={label}
          columns={productColumns(drillTo)}
          rows={report.rows}
          rowKey={(row) => row.product_id}
          totals={report.totals}
          minWidth={900}
        />
      );
    case 3:
      return (
        <ReportTable
          label={label}
          columns={userColumns(optional)}
          rows={report.rows}
          rowKey={(row) => row.user_id}
          totals={report.totals}
          minWidth={1100}
        />
      );
    case 4:
      return (
        <ReportTable
          label={label}
          columns={itemColumns(drillTo, optional)}
          rows={report.rows}
          rowKey={(row) => row.order_product_id}
          totals={report.totals}
          minWidth={960}
        />
      );
    case 5:
      return (
        <ReportTable
          label={label}
          columns={inventoryColumns(drillTo)}
          rows={report.rows}
          rowKey={(row) => row.product_id}
          totals={report.totals}
          minWidth={900}
        />
      );
  }
}
