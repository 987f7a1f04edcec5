import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "./report-table.module.css";

export interface ReportColumn<Row, Totals> {
  key: string;
  label: string;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
  /** The column's figure in the totals row (footer); none leaves the cell empty. The first column's cell is the label. */
  total?: (totals: Totals) => ReactNode;
}

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
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" className={classes.table} aria-label={label}>
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
                <Table.Td key={column.key} data-numeric={column.numeric || undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals !== undefined && (
          <Table.Tfoot className={classes.totals}>
            <Table.Tr>
              {columns.map((column, index) =>
                index === 0 ? (
                  <Table.Th key={column.key} scope="row">
                    {totalsLabel}
                  </Table.Th>
                ) : (
                  <Table.Td key={column.key} data-numeric={column.numeric || undefined}>
                    {column.total?.(totals)}
                  </Table.Td>
                ),
              )}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
  );
}
