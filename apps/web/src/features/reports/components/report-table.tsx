import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { formatMoney } from "../../../lib/format.ts";
import { formatCount } from "../utils/report-format.ts";
import classes from "./report-table.module.css";

export interface ReportColumn<Row, Totals> {
  key: string;
  label: string;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  /** Long text that may wrap (names), so the table stays narrow. */
  wrap?: boolean;
  cell: (row: Row) => ReactNode;
  /** The column's figure in the totals row (footer); none leaves the cell empty. The leading columns without one hold the row's label. */
  total?: (totals: Totals) => ReactNode;
}

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
 * inside their own region (focusable, so the keyboard can scroll it) instead of widening the page.
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
  const firstTotal = columns.findIndex((column) => column.total !== undefined);
  const labelSpan = firstTotal > 0 ? firstTotal : 1;
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        horizontalSpacing={6}
        className={classes.table}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" data-numeric={column.numeric || undefined}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  data-numeric={column.numeric || undefined}
                  data-wrap={column.wrap || undefined}
                >
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals !== undefined && (
          <Table.Tfoot className={classes.totals}>
            <Table.Tr>
              {/* The label spans the leading columns that have no total. */}
              <Table.Th scope="row" colSpan={labelSpan}>
                {totalsLabel}
              </Table.Th>
              {columns.slice(labelSpan).map((column) => (
                <Table.Td key={column.key} data-numeric={column.numeric || undefined}>
                  {column.total?.(totals)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
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
