import { Box, Table, type TableProps, VisuallyHidden } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  memo,
  type ReactNode,
  useLayoutEffect,
  useMemo,
} from "react";
import { useInBatches } from "../../lib/in-batches.ts";
import { PHONE_QUERY } from "../../lib/phone-query.ts";
import { StatusBadge } from "../tone-badge.tsx";
import classes from "./table.module.css";

/**
 * A column of a table: its header text (also the cell's label when the rows are cards on a phone),
 * and how to draw a row's cell from the row.
 */
export interface TableColumn<Row, Totals = never> {
  key: string;
  label: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned, tabular digits. */
  numeric?: boolean;
  /** Long text that may wrap (names), so the table stays narrow. */
  wrap?: boolean;
  /**
   * "title": the card's heading on a phone (no label before it); "actions": the row's buttons (the
   * header names them for screen readers only, the card shows them without a label).
   */
  role?: "title" | "actions";
  /** The header cell's content when it is more than the label (a select-all checkbox). */
  head?: ReactNode;
  /** The cell heads its row for screen readers (`<th scope="row">`). */
  rowHeader?: boolean;
  /** The column's figure in the totals row (footer); none leaves the cell empty. The leading columns without one hold the row's label. */
  total?: (totals: Totals) => ReactNode;
}

/** The look of the table on a wide screen: an admin list, a dense report, or an order's lines. */
type Look = "list" | "report" | "lines";

const LOOKS: Record<Look, TableProps> = {
  list: { striped: true, highlightOnHover: true, verticalSpacing: "xs" },
  report: { striped: true, highlightOnHover: true, verticalSpacing: "xs", horizontalSpacing: 6 },
  lines: { verticalSpacing: "sm" },
};

export interface DataTableProps<Row, Totals = never> {
  /** The table's accessible name (and its scroll region's, when it has one). */
  label: string;
  columns: readonly TableColumn<Row, Totals>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Attributes of a row's `<tr>` (a class, a data attribute, aria-current). */
  rowProps?: RowPropsOf<Row>;
  totals?: Totals;
  /** First cell of the totals row. */
  totalsLabel?: string;
  /** A caption, read by screen readers only (the visible title is the page's) unless `showCaption`. */
  caption?: string;
  showCaption?: boolean;
  look?: Look;
  /** Cells keep to one line on a wide screen (columns as wide as their text). */
  nowrap?: boolean;
  /**
   * Below this width (px) a wide screen scrolls the table sideways inside a named, focusable region.
   * On a phone the rows are cards and never scroll.
   */
  minWidth?: number;
  /** A border around the table on a wide screen (the cards have their own on a phone). */
  framed?: boolean;
  /** Rows stay rows on a phone too: only for a table of two or three short columns that fits 320 px. */
  rowsOnPhone?: boolean;
  tableProps?: TableProps;
  /**
   * What follows the rows on the page (a pager): drawn once every row is, so it does not move down
   * as the rows arrive a few a frame, a layout shift (decision 034, lever 53).
   */
  after?: ReactNode;
  /**
   * Called once every row is drawn: a page whose parts below the table sit outside its box (a
   * panel's forms) draws them then, as `after` is drawn.
   */
  onWhole?: () => void;
}

/**
 * The classes and data attributes Mantine's Table.Tr, Table.Th and Table.Td put on their elements
 * for these table props (`tableElement` in @mantine/core's Table.components), given to plain
 * elements: a page of rows is hundreds of cells, and each Mantine element resolves its props, styles
 * and context when it renders (My Orders' 25 rows were most of its first render; decision 034,
 * lever 23). The `<Table>` itself stays Mantine's: its spacing, stripes and borders are CSS variables
 * on it.
 */
function partsOf(props: TableProps) {
  const columnBorder = props.withColumnBorders || undefined;
  return {
    th: { className: Table.classes.th, "data-with-column-border": columnBorder },
    td: { className: Table.classes.td, "data-with-column-border": columnBorder },
    tr: {
      className: Table.classes.tr,
      "data-with-row-border": props.withRowBorders || undefined,
      "data-striped": props.striped === true ? "odd" : props.striped || undefined,
      "data-hover": props.highlightOnHover || undefined,
    },
    thead: { className: Table.classes.thead },
    tbody: { className: Table.classes.tbody },
  };
}
type Parts = ReturnType<typeof partsOf>;

function HeadCell<Row, Totals>({ column, parts }: { column: TableColumn<Row, Totals>; parts: Parts }) {
  return (
    <th {...parts.th} scope="col" data-numeric={column.numeric || undefined}>
      {column.role === "actions" ? <VisuallyHidden>{column.label}</VisuallyHidden> : (column.head ?? column.label)}
    </th>
  );
}

/** A cell's attributes: its label for the card, and how it aligns. */
function cellProps<Row, Totals>(column: TableColumn<Row, Totals>) {
  return {
    "data-label": column.role ? undefined : column.label,
    "data-role": column.role,
    "data-numeric": column.numeric || undefined,
    "data-wrap": column.wrap || undefined,
  };
}

function TotalsRow<Row, Totals>({
  columns,
  totals,
  totalsLabel,
  parts,
}: {
  columns: readonly TableColumn<Row, Totals>[];
  totals: Totals;
  totalsLabel: string;
  parts: Parts;
}) {
  const firstTotal = columns.findIndex((column) => column.total !== undefined);
  const labelSpan = firstTotal > 0 ? firstTotal : 1;
  return (
    <tfoot className={classes.totals}>
      <tr {...parts.tr}>
        {/* The label spans the leading columns that have no total. */}
        <th {...parts.th} scope="row" colSpan={labelSpan} data-role="title">
          {totalsLabel}
        </th>
        {columns.slice(labelSpan).map((column) => (
          <td key={column.key} {...parts.td} {...cellProps(column)}>
            {column.total?.(totals)}
          </td>
        ))}
      </tr>
    </tfoot>
  );
}

type RowPropsOf<Row> = (
  row: Row,
) => ComponentPropsWithoutRef<"tr"> & Record<`data-${string}`, string | boolean | undefined>;

interface BodyRowProps<Row, Totals> {
  row: Row;
  columns: readonly TableColumn<Row, Totals>[];
  parts: Parts;
  rowProps?: RowPropsOf<Row>;
}

/**
 * A body row, drawn again only when its row, the columns or the table's look change. memo() loses
 * the generic parameters; the cast at the end gives them back.
 */
const BodyRow = memo(function BodyRow<Row, Totals>({ row, columns, parts, rowProps }: BodyRowProps<Row, Totals>) {
  const own = rowProps?.(row);
  return (
    <tr {...parts.tr} {...own} className={[parts.tr.className, own?.className].filter(Boolean).join(" ")}>
      {columns.map((column) =>
        column.rowHeader ? (
          <th key={column.key} {...parts.th} scope="row" {...cellProps(column)}>
            {column.cell(row)}
          </th>
        ) : (
          <td key={column.key} {...parts.td} {...cellProps(column)}>
            {column.cell(row)}
          </td>
        ),
      )}
    </tr>
  );
}) as <Row, Totals>(props: BodyRowProps<Row, Totals>) => ReactNode;

/**
 * The web's one table (decision 036): a header row from `columns`, one row per item, an optional
 * totals row. On a phone (below Mantine's `sm`) every row becomes a stacked card and every cell shows
 * its column's label, so nothing is cut off and no page scrolls sideways; on a wide screen a table
 * wider than its box scrolls inside its own focusable region.
 */
export function DataTable<Row, Totals = never>({
  label,
  columns,
  rows,
  rowKey,
  rowProps,
  totals,
  totalsLabel = "Totals",
  caption,
  showCaption = false,
  look = "list",
  nowrap = true,
  minWidth = 0,
  rowsOnPhone = false,
  framed = false,
  tableProps,
  after,
  onWhole,
}: DataTableProps<Row, Totals>) {
  const looks = { withRowBorders: true, ...LOOKS[look], ...tableProps };
  // The same parts from render to render, so the rows drawn already are not drawn again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: looks is made of look and tableProps
  const parts = useMemo(() => partsOf(looks), [look, tableProps]);
  // A phone's page of cards is drawn a few at a time (useInBatches); the table is aria-busy until
  // all are. A table's rows are drawn at once: its columns take the width of their widest cell, and
  // rows arriving a few a frame would widen them in view (a layout shift of the cells beside them).
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const shown = useInBatches(rows.length, phone && !rowsOnPhone);
  const whole = shown >= rows.length;
  // Before the browser paints, so what the page draws below the table is in the same frame.
  useLayoutEffect(() => {
    if (whole) onWhole?.();
  }, [whole, onWhole]);
  const table = (
    <Table
      {...looks}
      className={[classes.table, classes[look], framed && !minWidth ? classes.framed : ""].join(" ")}
      data-cards={rowsOnPhone ? undefined : true}
      data-nowrap={nowrap || undefined}
      aria-label={caption ? undefined : label}
      aria-busy={!whole || undefined}
    >
      {caption &&
        (showCaption ? (
          <Table.Caption className={classes.caption}>{caption}</Table.Caption>
        ) : (
          <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        ))}
      <thead {...parts.thead}>
        <tr {...parts.tr}>
          {columns.map((column) => (
            <HeadCell key={column.key} column={column} parts={parts} />
          ))}
        </tr>
      </thead>
      <tbody {...parts.tbody}>
        {rows.slice(0, shown).map((row) => (
          <BodyRow key={rowKey(row)} row={row} columns={columns} parts={parts} rowProps={rowProps} />
        ))}
      </tbody>
      {totals !== undefined && <TotalsRow columns={columns} totals={totals} totalsLabel={totalsLabel} parts={parts} />}
    </Table>
  );
  const body = !minWidth ? (
    table
  ) : (
    <Box
      className={[classes.scroll, framed ? classes.framed : ""].join(" ")}
      style={{ "--table-min-width": `${minWidth}px` } as CSSProperties}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {table}
    </Box>
  );
  return (
    <>
      {body}
      {whole && after}
    </>
  );
}

/** The Status column of an admin list: whether the record is active. */
export function statusColumn<Row>(active: (row: Row) => boolean): TableColumn<Row> {
  return { key: "status", label: "Status", cell: (row) => <StatusBadge active={active(row)} /> };
}

/** The row actions column (Modify, Delete …). */
export function actionsColumn<Row>(cell: (row: Row) => ReactNode): TableColumn<Row> {
  return { key: "actions", label: "Actions", role: "actions", cell };
}
