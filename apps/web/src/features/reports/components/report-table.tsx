import { Text } from "@mantine/core";
import type { ReactNode } from "react";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { formatCount } from "../utils/report-format.ts";

/** A report's column: the one table's column (decision 036), with its figure in the totals row. */
export type ReportColumn<Row, Totals> = TableColumn<Row, Totals>;

/** The fields of T that hold numbers. */
type NumberField<T> = { [K in keyof T]-?: T[K] extends number ? K : never }[keyof T] & string;

/** A numeric column whose row and totals share one field name, printed with `format`. */
const summed =
  (format: (value: number) => string) =>
  <Row, Totals>(field: NumberField<Row> & NumberField<Totals>, label: string): ReportColumn<Row, Totals> => ({
    key: field,
    label,
    numeric: true,
    cell: (row) => format(row[field] as number),
    total: (totals) => format(totals[field] as number),
  });
export const money = summed(formatMoney);
export const count = summed(formatCount);

interface ReportTableProps<Row, Totals> {
  /** The table's accessible name, also the scroll region's. */
  label: string;
  columns: ReportColumn<Row, Totals>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  totals?: Totals;
  /** First cell of the totals row. */
  totalsLabel?: string;
  minWidth?: number;
}

/**
 * A report table: one row per record and a totals row in the footer. Wide tables scroll sideways
 * inside their own region (focusable, so the keyboard can scroll it) instead of widening the page;
 * on a phone each row is a card.
 */
export function ReportTable<Row, Totals>({
  label,
  columns,
  rows,
  rowKey,
  totals,
  totalsLabel = "Totals",
  minWidth = 720,
}: ReportTableProps<Row, Totals>) {
  return (
    <DataTable
      label={label}
      look="report"
      columns={columns}
      rows={rows}
      rowKey={rowKey}
      totals={totals}
      totalsLabel={totalsLabel}
      minWidth={minWidth}
    />
  );
}

/** Two facts in one cell: the main one, and a secondary one under it (practice and user, date and time). */
export function StackedCell({ main, sub }: { main: ReactNode; sub?: ReactNode }) {
  return (
    <>
      <div data-main>{main}</div>
      {sub && (
        <Text size="xs" c="dimmed" data-sub>
          {sub}
        </Text>
      )}
    </>
  );
}
