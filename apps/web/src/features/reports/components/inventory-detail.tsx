import { Group, Stack, Text, Title } from "@mantine/core";
import { type InventoryDetailRowSchema, REPORT_DETAIL_PAGE_SIZE } from "@vetportal/contract";
import type { z } from "zod";
import { LoadError } from "../../../components/page-state.tsx";
import { pageCount, TablePager } from "../../../components/table-pager.tsx";
import { useInventoryDetails } from "../api/get-inventory-details.ts";
import { formatCount, formatReportDate, formatSigned } from "../utils/report-format.ts";
import { ReportBreadcrumbs } from "./report-breadcrumbs.tsx";
import { type ReportColumn, ReportTable } from "./report-table.tsx";
import { ResultsArea } from "./results-state.tsx";

type Row = z.infer<typeof InventoryDetailRowSchema>;

const COLUMNS: ReportColumn<Row, never>[] = [
  { key: "date", label: "Date", cell: (row) => formatReportDate(row.date) },
  { key: "action", label: "Action", cell: (row) => row.action.charAt(0).toUpperCase() + row.action.slice(1) },
  { key: "quantity", label: "Quantity", numeric: true, cell: (row) => formatSigned(row.quantity) },
  { key: "ending", label: "Ending Inventory", numeric: true, cell: (row) => formatCount(row.ending_inventory) },
  { key: "pallets", label: "Pallets", numeric: true, cell: (row) => formatCount(row.palettes) },
  { key: "order", label: "Order #", cell: (row) => row.order_id ?? "—" },
  { key: "comment", label: "Comment", cell: (row) => row.comment || "—" },
];

/** Inventory summary → inventory detail (SPEC §2): one product's ledger in the period, 50 rows a page. */
export function InventoryDetail({
  productId,
  dateFrom,
  dateTo,
  page,
  parentTo,
  onPageChange,
}: {
  productId: number;
  dateFrom: string;
  dateTo: string;
  page: number;
  parentTo: string;
  onPageChange: (page: number) => void;
}) {
  const ledger = useInventoryDetails({
    product_id: productId,
    date_from: dateFrom,
    date_to: dateTo,
    limit: REPORT_DETAIL_PAGE_SIZE,
    offset: (page - 1) * REPORT_DETAIL_PAGE_SIZE,
  });
  const name = ledger.data?.detail.product_name ?? `Product ${productId}`;
  const total = ledger.data?.total ?? 0;

  return (
    <Stack gap="md">
      <ReportBreadcrumbs parent="Inventory summary" parentTo={parentTo} current={name} />
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          Inventory movements from {formatReportDate(dateFrom)} to {formatReportDate(dateTo)}
        </Text>
      </Group>
      {ledger.isError ? (
        <LoadError
          title="The inventory detail could not be loaded"
          error={ledger.error}
          onRetry={() => void ledger.refetch()}
          isRetrying={ledger.isFetching}
        />
      ) : (
        <>
          <ResultsArea
            isLoading={ledger.isFetching}
            loadingLabel="Loading inventory detail"
            isEmpty={ledger.data !== undefined && ledger.data.detail.rows.length === 0}
          >
            {ledger.data && (
              <ReportTable
                label={`Inventory movements of ${name}`}
                columns={COLUMNS}
                rows={ledger.data.detail.rows}
                rowKey={(row) => row.id}
                minWidth={860}
              />
            )}
          </ResultsArea>
          {ledger.data && total > 0 && (
            <TablePager
              noun="rows"
              page={Math.min(page, pageCount(total, REPORT_DETAIL_PAGE_SIZE))}
              pageSize={REPORT_DETAIL_PAGE_SIZE}
              total={total}
              onPageChange={onPageChange}
            />
          )}
        </>
      )}
    </Stack>
  );
}
