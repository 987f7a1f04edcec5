import { Group, Stack, Text, Title } from "@mantine/core";
import { type OrderProductRowSchema, REPORT_DETAIL_PAGE_SIZE } from "@vetportal/contract";
import type { z } from "zod";
import { LoadError } from "../../../components/page-state.tsx";
import { pageCount, TablePager } from "../../../components/table-pager.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { useOrderProducts } from "../api/list-order-products.ts";
import { formatCount, formatReportDate } from "../utils/report-format.ts";
import { type ReportFormValues, toReportFilter } from "../utils/report-params.ts";
import { ReportBreadcrumbs } from "./report-breadcrumbs.tsx";
import { type ReportColumn, ReportTable } from "./report-table.tsx";
import { ResultsArea } from "./results-state.tsx";

type Row = z.infer<typeof OrderProductRowSchema>;
type Totals = { quantity: number; total_price: number };

const COLUMNS: ReportColumn<Row, Totals>[] = [
  { key: "order", label: "Order #", cell: (row) => row.order_id },
  { key: "line", label: "Line #", cell: (row) => row.order_product_id },
  { key: "created", label: "Created", cell: (row) => formatReportDate(row.created) },
  { key: "status", label: "Status", cell: (row) => row.order_status_name },
  { key: "user", label: "User", cell: (row) => row.user_name || "—" },
  { key: "department", label: "Department", cell: (row) => row.department_name || "—" },
  {
    key: "quantity",
    label: "Quantity",
    numeric: true,
    cell: (row) => formatCount(row.quantity),
    total: (t) => formatCount(t.quantity),
  },
  { key: "cancelled", label: "Cancelled", numeric: true, cell: (row) => formatCount(row.cancelled_quantity) },
  { key: "unit_price", label: "Unit Price", numeric: true, cell: (row) => formatMoney(row.unit_price) },
  {
    key: "total_price",
    label: "Total Price",
    numeric: true,
    cell: (row) => formatMoney(row.total_price),
    total: (t) => formatMoney(t.total_price),
  },
];

/**
 * Product summary → product detail (SPEC §2): the order lines of one product under the same
 * filter, 50 a page (SPEC §9), with their totals.
 */
export function OrderProductsDetail({
  filter,
  productId,
  page,
  parentTo,
  onPageChange,
}: {
  filter: ReportFormValues;
  productId: number;
  page: number;
  parentTo: string;
  onPageChange: (page: number) => void;
}) {
  const { search_by: _view, ...rest } = toReportFilter(filter);
  const lines = useOrderProducts({
    ...rest,
    product_id: productId,
    limit: REPORT_DETAIL_PAGE_SIZE,
    offset: (page - 1) * REPORT_DETAIL_PAGE_SIZE,
  });
  const name = lines.data?.detail.product_name ?? `Product ${productId}`;
  const total = lines.data?.total ?? 0;

  return (
    <Stack gap="md">
      <ReportBreadcrumbs parent="Product summary" parentTo={parentTo} current={name} />
      <Group justify="space-between" align="baseline" gap="xs">
        <Title order={2} size="h3">
          {name}
        </Title>
        <Text size="sm" c="dimmed">
          Order lines from {formatReportDate(filter.date_from)} to {formatReportDate(filter.date_to)}
        </Text>
      </Group>
      {lines.isError ? (
        <LoadError
          title="The product detail could not be loaded"
          error={lines.error}
          onRetry={() => void lines.refetch()}
          isRetrying={lines.isFetching}
        />
      ) : (
        <>
          <ResultsArea
            isLoading={lines.isFetching}
            loadingLabel="Loading product detail"
            isEmpty={lines.data !== undefined && lines.data.detail.rows.length === 0}
          >
            {lines.data && (
              <ReportTable
                label={`Order lines of ${name}`}
                columns={COLUMNS}
                rows={lines.data.detail.rows}
                rowKey={(row) => row.order_product_id}
                totals={lines.data.detail.totals}
                minWidth={980}
              />
            )}
          </ResultsArea>
          {lines.data && total > 0 && (
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
