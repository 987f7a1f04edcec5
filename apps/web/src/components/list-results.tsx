import { Box, LoadingOverlay, Stack, Table, Text, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { LoadError } from "./page-state.tsx";
import { pageCount, TablePager, type TablePagerProps } from "./table-pager.tsx";
import { StatusBadge } from "./tone-badge.tsx";

/**
 * The admin lists' table (SPEC §2): striped rows that scroll sideways on a phone. `head` is the
 * header row's cells, `children` the body's rows. `label` names the table; `region` makes the
 * scroll container a named region the keyboard can focus and scroll; `wrap` lets long cells wrap.
 */
export function ListTable({
  minWidth,
  head,
  label,
  region,
  wrap = false,
  children,
}: {
  minWidth: number;
  head: ReactNode;
  label?: string;
  region?: string;
  wrap?: boolean;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer
      pos="relative"
      minWidth={minWidth}
      type="native"
      {...(region && { tabIndex: 0, role: "region", "aria-label": region })}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        style={wrap ? undefined : { whiteSpace: "nowrap" }}
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The header cell of a list's row actions (Modify, Delete …), named for screen readers only. */
export function ActionsHead() {
  return (
    <Table.Th scope="col">
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  );
}

/** A row's Status cell: whether the record is active. */
export function StatusCell({ active }: { active: boolean }) {
  return (
    <Table.Td>
      <StatusBadge active={active} />
    </Table.Td>
  );
}

interface PagedQuery<T> {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  data?: { items: readonly T[]; total: number };
}

/**
 * A page of a server-paged admin list: the load error with a retry, the table under a loading
 * overlay while the page changes, the empty text, and the pager of the query's total. `noun` names
 * the rows ("departments") for the overlay's label and the pager. The rows are a ListTable of
 * `head` and `row`, or whatever `children` makes of them (cards on a phone, a table wider up).
 */
export function ListResults<T>({
  query,
  noun,
  errorTitle,
  emptyText,
  loadingLabel = `Loading ${noun}`,
  minWidth = 0,
  tableLabel,
  head,
  row,
  children,
  page,
  pageSize,
  onPageChange,
  pager,
  pagedOnly = false,
}: {
  query: PagedQuery<T>;
  noun: string;
  errorTitle: string;
  emptyText: string;
  /** The overlay's label, when it is not "Loading {noun}". */
  loadingLabel?: string;
  minWidth?: number;
  /** The table's accessible name. */
  tableLabel?: string;
  head?: ReactNode;
  row?: (item: T) => ReactNode;
  children?: (items: readonly T[]) => ReactNode;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** More of the pager: page sizes, a capped count. */
  pager?: Pick<TablePagerProps, "pageSizes" | "onPageSizeChange" | "status" | "maxPages">;
  /** The pager only when there is more than one page. */
  pagedOnly?: boolean;
}) {
  if (query.isError) {
    return <LoadError title={errorTitle} query={query} />;
  }
  const items = query.data?.items;
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="sm">
      <Box pos="relative" mih={120}>
        <LoadingOverlay
          visible={query.isFetching}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ "aria-label": loadingLabel }}
        />
        {items &&
          items.length > 0 &&
          (children ? (
            children(items)
          ) : (
            <ListTable minWidth={minWidth} head={head} label={tableLabel}>
              {row && items.map(row)}
            </ListTable>
          ))}
        {items && items.length === 0 && (
          <Text c="dimmed" py="xl" ta="center">
            {emptyText}
          </Text>
        )}
      </Box>
      {items && (!pagedOnly || total > pageSize) && (
        <TablePager
          noun={noun}
          page={Math.min(page, pageCount(total, pageSize))}
          pageSize={pageSize}
          total={total}
          onPageChange={onPageChange}
          {...pager}
        />
      )}
    </Stack>
  );
}
