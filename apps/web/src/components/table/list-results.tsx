import { Box, LoadingOverlay, Stack, Text } from "@mantine/core";
import { LoadError } from "../page-state.tsx";
import { DataTable, type TableColumn } from "./data-table.tsx";
import { pageCount, TablePager, type TablePagerProps } from "./table-pager.tsx";

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
 * the rows ("departments") for the overlay's label and the pager. The rows are a DataTable of
 * `columns` (cards on a phone, a table wider up), named `tableLabel` (default: `noun`).
 */
export function ListResults<T>({
  query,
  noun,
  errorTitle,
  emptyText,
  loadingLabel = `Loading ${noun}`,
  minWidth = 0,
  tableLabel = noun,
  columns,
  rowKey,
  framed,
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
  columns: readonly TableColumn<T>[];
  rowKey: (item: T) => string | number;
  /** A border around the table on a wide screen. */
  framed?: boolean;
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
  const pagerOfTotal = items && (!pagedOnly || total > pageSize) && (
    <TablePager
      noun={noun}
      page={Math.min(page, pageCount(total, pageSize))}
      pageSize={pageSize}
      total={total}
      onPageChange={onPageChange}
      {...pager}
    />
  );
  return (
    <Stack gap="sm">
      <Box pos="relative" mih={120}>
        <LoadingOverlay
          visible={query.isFetching}
          zIndex={5}
          overlayProps={{ blur: 1 }}
          loaderProps={{ "aria-label": loadingLabel }}
        />
        {items && items.length > 0 && (
          <DataTable
            label={tableLabel}
            columns={columns}
            rows={items}
            rowKey={rowKey}
            minWidth={minWidth}
            framed={framed}
            // Drawn once every row is, so it does not move down as they arrive (decision 034, lever 53).
            after={pagerOfTotal && <Box mt="sm">{pagerOfTotal}</Box>}
          />
        )}
        {items && items.length === 0 && (
          <Text c="dimmed" py="xl" ta="center">
            {emptyText}
          </Text>
        )}
      </Box>
      {items && items.length === 0 && pagerOfTotal}
    </Stack>
  );
}
