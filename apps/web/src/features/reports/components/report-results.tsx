import { Anchor } from "@mantine/core";
import {
  isSummed,
  mapViews,
  type OrderReportData,
  REPORT_VIEWS,
  type ReportColumnLink,
  type ReportColumnSpec,
  type ReportOptionalColumn,
  type ReportViewSpec,
} from "@vetportal/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { formatCount, splitReportDate } from "../utils/report-format.ts";
import { type Drilldown, visibleOptionalColumns } from "../utils/report-params.ts";
import tableClasses from "./report-table.module.css";
import { type ReportColumn, ReportTable, StackedCell } from "./report-table.tsx";

/**
 * The table of a view of the order report, derived from the view's spec in the contract
 * (REPORT_VIEWS, docs/decisions/032): headings, cells by format, drill-down links, stacked cells,
 * optional columns and the totals row. No view has code of its own here.
 */

type Row = Record<string, unknown>;

/** Where a drill-down link goes (the report's URL plus the drill-down). */
export type DrillTo = (drilldown: Drilldown) => string;

/** What each view is called, in headings, breadcrumbs and table names. */
export const VIEW_TITLES = mapViews((view) => view.title);

/** The column marking, in a view's `table`, where the optional columns go. */
const OPTIONAL = "optional";

const text = (value: unknown) => (typeof value === "string" && value) || "—";

function DateCell({ value }: { value: unknown }) {
  const { day, time } = splitReportDate(typeof value === "string" ? value : null);
  return <StackedCell main={day} sub={time} />;
}

function DrillLink({ to, children, label }: { to: string; children: string; label?: string }) {
  return (
    <Anchor component={Link} to={to} fw={600} size="sm" aria-label={label}>
      {children}
    </Anchor>
  );
}

function drilldownOf(link: ReportColumnLink, row: Row): Drilldown {
  const id = Number(row[link.by]);
  if (link.to === "order") return { kind: "order", orderId: id };
  return { kind: link.to, productId: id, page: 1 };
}

/** A cell's content by the column's format. */
function valueCell(column: Pick<ReportColumnSpec, "format" | "key">, row: Row): ReactNode {
  const value = row[column.key];
  switch (column.format) {
    case "id":
      return String(value);
    case "count":
      return formatCount(value as number);
    case "money":
      return formatMoney(value as number);
    case "time":
      return <DateCell value={value} />;
    case "status":
      return <OrderStatusBadge status={Number(row.order_status)} name={String(value)} className={tableClasses.badge} />;
    case "text":
      return text(value);
  }
}

function cellOf(view: ReportViewSpec, column: ReportColumnSpec, drillTo: DrillTo): (row: Row) => ReactNode {
  const { link, under } = column;
  if (link) {
    return (row) => {
      const value = column.format === "id" ? String(row[column.key]) : text(row[column.key]);
      const label = link.to === "order" ? `Order ${value}` : undefined;
      return (
        <DrillLink to={drillTo(drilldownOf(link, row))} label={label}>
          {value}
        </DrillLink>
      );
    };
  }
  const sub = under ? view.columns.find((c) => c.key === under) : undefined;
  if (sub) return (row) => <StackedCell main={valueCell(column, row)} sub={valueCell(sub, row)} />;
  return (row) => valueCell(column, row);
}

function tableColumn(view: ReportViewSpec, column: ReportColumnSpec, drillTo: DrillTo): ReportColumn<Row, Row> {
  const sub = column.under ? view.columns.find((c) => c.key === column.under) : undefined;
  const summed = isSummed(column);
  return {
    key: column.key,
    label: sub ? `${column.label} / ${sub.label}` : column.label,
    ...(summed && { numeric: true, total: (totals: Row) => valueCell(column, totals) }),
    ...(column.wrap && { wrap: true }),
    cell: cellOf(view, column, drillTo),
  };
}

/** The view's table columns in order: its `table`, or its columns with the optional ones before the first summed one. */
function tableOrder(view: ReportViewSpec): string[] {
  if (view.table) return [...view.table];
  const shown = view.columns.filter((c) => c.table !== false && !view.columns.some((o) => o.under === c.key));
  const keys = shown.map((c) => c.key);
  const firstSummed = shown.findIndex(isSummed);
  keys.splice(firstSummed < 0 ? keys.length : firstSummed, 0, OPTIONAL);
  return keys;
}

/** The web table's columns of a view: derived from its spec, with the optional columns the search asked for. */
export function viewColumns(
  view: ReportViewSpec,
  optional: readonly ReportOptionalColumn[],
  drillTo: DrillTo,
): ReportColumn<Row, Row>[] {
  const optionalColumns = visibleOptionalColumns({
    search_by: view.id as OrderReportData["search_by"],
    columns: [...optional],
  });
  return tableOrder(view).flatMap((key): ReportColumn<Row, Row>[] => {
    if (key === OPTIONAL)
      return optionalColumns.map((column) => ({
        key: column.key,
        label: column.label,
        wrap: "wrap" in column && column.wrap,
        cell: (row) => valueCell(column, row),
      }));
    const column = view.columns.find((c) => c.key === key);
    return column ? [tableColumn(view, column, drillTo)] : [];
  });
}

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
  const view: ReportViewSpec = REPORT_VIEWS[report.search_by];
  const totals = report.totals as Row;
  const counted = view.countedAs;
  return (
    <ReportTable<Row, Row>
      label={view.title}
      columns={viewColumns(view, optional, drillTo)}
      rows={report.rows as Row[]}
      rowKey={(row) => String(row[view.rowKey])}
      totals={totals}
      totalsLabel={counted ? `Totals · ${formatCount(totals[counted] as number)} ${counted}` : "Totals"}
      minWidth={view.minWidth}
    />
  );
}
