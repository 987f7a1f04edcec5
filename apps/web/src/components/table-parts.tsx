import { Table } from "@mantine/core";
import type { ReactNode } from "react";

/** A column of a table: its header text, and whether it holds numbers (right-aligned, like their cells). */
export type Column = string | { label: string; numeric: true };

/** A table's header cells from its columns (inside a header row the caller already has, as ListTable's `head`). */
export function HeadCells({ columns }: { columns: readonly Column[] }) {
  return columns.map((column) =>
    typeof column === "string" ? (
      <Table.Th key={column} scope="col">
        {column}
      </Table.Th>
    ) : (
      <Table.Th key={column.label} scope="col" ta="right">
        {column.label}
      </Table.Th>
    ),
  );
}

/** A table's header row from its columns. */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        <HeadCells columns={columns} />
      </Table.Tr>
    </Table.Thead>
  );
}

/**
 * A table that scrolls sideways on a phone below `minWidth`, as a named region that keyboard users
 * can focus to scroll it too.
 */
export function ScrollRegion({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      {children}
    </Table.ScrollContainer>
  );
}
