import { Group, Stack, Text, Title } from "@mantine/core";
import type { UseQueryResult } from "@tanstack/react-query";
import { REPORT_DETAIL_PAGE_SIZE } from "@vetportal/contract";
import { LoadError } from "../../../components/page-state.tsx";
import { ReportBreadcrumbs } from "./report-breadcrumbs.tsx";
import { type ReportColumn, ReportTable } from "./report-table.tsx";
import { PagedRows } from "./results-state.tsx";

/**
 * The frame of a drill-down (SPEC §2): breadcrumbs back to the summary, the product's name, a
 * table of 50 rows a page (SPEC §9) with its pager, and the loading, empty and error states.
 */
export function DrilldownView<Row, Totals>({
  parent,
  parentTo,
  name,
  subtitle,
  what,
  query,
  rows,
  totals,
  total,
  columns,
  rowKey,
  minWidth,
  page,
  onPageChange,
}: {
  parent: string;
  parentTo: string;
  name: string;
  subtitle: string;
  /** What the table lists, e.g. "Order lines" (its name and the messages use it). */
  what: string;
  query: UseQueryResult<unknown>;
  rows: Row[] | undefined;
  totals?: Totals;
  total: number;
  columns: ReportColumn<Row, Totals>[];
  rowKey: (row: Row) => number;
  minWidth: number;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <Stack gap="md">
      <ReportBreadcrumbs parent={parent} parentTo={parentTo} current={name} />
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          {subtitle}
        </Text>
      </Group>
      {query.isError ? (
        <LoadError title={`The ${what.toLowerCase()} could not be loaded`} query={query} />
      ) : (
        <PagedRows
          isLoading={query.isFetching}
          loadingLabel={`Loading ${what.toLowerCase()}`}
          isEmpty={rows !== undefined && rows.length === 0}
          total={total}
          page={page}
          pageSize={REPORT_DETAIL_PAGE_SIZE}
          onPageChange={onPageChange}
        >
          {rows && (
            <ReportTable
              label={`${what} of ${name}`}
              columns={columns}
              rows={rows}
              rowKey={rowKey}
              totals={totals}
              minWidth={minWidth}
            />
          )}
        </PagedRows>
      )}
    </Stack>
  );
}
