import { Box, LoadingOverlay, Stack, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { LoadError } from "./page-state.tsx";
import { pageCount, TablePager } from "./table-pager.tsx";

/**
 * The admin lists' table (SPEC §2): striped rows that scroll sideways on a phone. `head` is the
 * header row's cells, `children` the body's rows.
 */
export function ListTable({ minWidth, head, children }: { minWidth: number; head: ReactNode; children: ReactNode }) {
  return (
    <Table.ScrollContainer pos="relative" minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" style={{ whiteSpace: "nowrap" }}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

interface PagedQuery<T> {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
  data?: { items: readonly T[] };
}

/**
 * A page of a server-paged admin list: the load error with a retry, the table under a loading
 * overlay while the page changes, the empty text, and the pager. `noun` names the rows
 * ("departments") for the overlay's label and the pager.
 */
export function ListResults<T>({
  query,
  noun,
  errorTitle,
  emptyText,
  minWidth,
  head,
  row,
  page,
  pageSize,
  total,
  onPageChange,
}: {
  query: PagedQuery<T>;
  noun: string;
  errorTitle: string;
  emptyText: string;
  minWidth: number;
  head: ReactNode;
  row: (item: T) => ReactNode;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}) {
  if (query.isError) {
    return <LoadError title={errorTitle} query={query} />;
  }
  const items = query.data?.items;
  return (
    <Stack gap="sm">
      <Box pos="relative" mih={120}>
        <LoadingOverlay
          visible={query.isFetching}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ "aria-label": `Loading ${noun}` }}
        />
        {items && items.length > 0 && (
          <ListTable minWidth={minWidth} head={head}>
            {items.map(row)}
          </ListTable>
        )}
        {items && items.length === 0 && (
          <Text c="dimmed" py="xl" ta="center">
            {emptyText}
          </Text>
        )}
      </Box>
      {items && (
        <TablePager
          noun={noun}
          page={Math.min(page, pageCount(total, pageSize))}
          pageSize={pageSize}
          total={total}
          onPageChange={onPageChange}
        />
      )}
    </Stack>
  );
}
