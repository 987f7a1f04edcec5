import { Button, Checkbox, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import {
  EXPORT_CODE_TTL_SECONDS,
  INVENTORY_STATUS,
  type InventoryReportRow,
  REPORT_DETAIL_PAGE_SIZE,
} from "@vetportal/contract";
import { type MouseEvent, useMemo, useRef, useState } from "react";
import { LoadError } from "../../../components/page-state.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { pageCount, TablePager } from "../../../components/table/table-pager.tsx";
import { startDownload } from "../../../lib/download.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useCreateReportExport } from "../api/create-report-export.ts";
import { useInventoryReport } from "../api/get-inventory-report.ts";
import { useReportFilters } from "../api/get-report-filters.ts";
import { type InventoryFilter, type InventoryStatus, toInventoryRequest } from "../utils/inventory-params.ts";
import { formatCount, formatReportDate, splitReportDate } from "../utils/report-format.ts";
import { FreshnessNote } from "./freshness-note.tsx";
import { InventoryChart } from "./inventory-chart.tsx";
import { ReportDateInput } from "./report-date-input.tsx";
import { ResultsArea } from "./results-state.tsx";

const STATUS_LABELS: Record<InventoryStatus, string> = { ACTIVE: "Active", INACTIVE: "Inactive", BOTH: "Both" };

/** An export code works for EXPORT_CODE_TTL_SECONDS; an older one is renewed before the download. */
const CODE_MARGIN_MS = 30_000;

const downloadUrl = (code: string) => `/api/report/download?code=${encodeURIComponent(code)}`;

type Totals = { products: number; quantity: number; value: number };

function inventoryColumns(
  rows: InventoryReportRow[],
  withSku: boolean,
  selected: ReadonlySet<number>,
  onSelect: (ids: number[], checked: boolean) => void,
): TableColumn<InventoryReportRow, Totals>[] {
  const ids = rows.map((row) => row.product_id);
  const pageSelected = ids.filter((id) => selected.has(id)).length;
  const columns: (TableColumn<InventoryReportRow, Totals> | false)[] = [
    {
      key: "chart",
      label: "In the chart",
      head: (
        <Checkbox
          aria-label="Select every product on this page for the chart"
          checked={pageSelected > 0 && pageSelected === ids.length}
          indeterminate={pageSelected > 0 && pageSelected < ids.length}
          onChange={(event) => onSelect(ids, event.currentTarget.checked)}
        />
      ),
      cell: (row) => (
        <Checkbox
          aria-label={`Select ${row.product_name} for the chart`}
          checked={selected.has(row.product_id)}
          onChange={(event) => onSelect([row.product_id], event.currentTarget.checked)}
          display="inline-block"
        />
      ),
    },
    { key: "product", label: "Product", role: "title", wrap: true, cell: (row) => row.product_name },
    { key: "category", label: "Category", wrap: true, cell: (row) => row.category_name },
    withSku && { key: "sku", label: "SKU", cell: (row) => row.customer_sku || "—" },
    {
      key: "quantity",
      label: "Quantity",
      numeric: true,
      cell: (row) => formatCount(row.quantity),
      total: (totals) => formatCount(totals.quantity),
    },
    { key: "pallets", label: "Pallets", numeric: true, cell: (row) => formatCount(row.palettes) },
    { key: "active", label: "Active", cell: (row) => (row.is_active ? "Yes" : "No") },
    { key: "fill", label: "Last Fill Date", cell: (row) => splitReportDate(row.last_fill_date).day },
    { key: "sold", label: "Last Sold Date", cell: (row) => splitReportDate(row.last_sold_date).day },
    { key: "unit", label: "Unit Price", numeric: true, cell: (row) => formatMoney(row.unit_price) },
    {
      key: "value",
      label: "Value",
      numeric: true,
      cell: (row) => formatMoney(row.value),
      total: (totals) => formatMoney(totals.value),
    },
    {
      key: "low",
      label: "Low Inventory Amount",
      numeric: true,
      cell: (row) => formatCount(row.low_inventory_amount),
    },
  ];
  return columns.filter((column) => column !== false);
}

function InventoryTable({
  rows,
  withSku,
  totals,
  selected,
  onSelect,
}: {
  rows: InventoryReportRow[];
  totals: Totals;
  withSku: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], checked: boolean) => void;
}) {
  return (
    <DataTable
      label="Inventory"
      look="report"
      columns={inventoryColumns(rows, withSku, selected, onSelect)}
      rows={rows}
      rowKey={(row) => row.product_id}
      rowProps={(row) => ({
        style: selected.has(row.product_id) ? { background: "var(--mantine-color-brand-0)" } : undefined,
      })}
      totals={totals}
      totalsLabel={`Totals · ${formatCount(totals.products)} products`}
      minWidth={withSku ? 1100 : 1000}
    />
  );
}

/**
 * The Export CSV link's click. The link's code works once (docs/decisions/025) and may have expired
 * while the page stayed open: the first click within its lifetime follows it; any other asks for a
 * fresh code first.
 */
function useExportLink(report: ReturnType<typeof useInventoryReport>, filter: InventoryFilter) {
  const exportReport = useCreateReportExport();
  const usedCodes = useRef(new Set<string>());
  return function exportCsv(event: MouseEvent<HTMLAnchorElement>) {
    const code = report.data?.export_code;
    const current = Date.now() - report.dataUpdatedAt < EXPORT_CODE_TTL_SECONDS * 1000 - CODE_MARGIN_MS;
    if (code && current && !usedCodes.current.has(code)) {
      usedCodes.current.add(code);
      return;
    }
    event.preventDefault();
    exportReport.mutate(
      { report: "inventory", filter: toInventoryRequest(filter) },
      { onSuccess: (created) => startDownload(created.url, created.file_name) },
    );
  };
}

/** The inventory tab's filter: the day, status and categories apply as they change. */
function InventoryFilterForm({
  filter,
  onFilterChange,
}: {
  filter: InventoryFilter;
  onFilterChange: (filter: InventoryFilter) => void;
}) {
  const filters = useReportFilters();
  const categories = (filters.data?.categories ?? [])
    .filter((category) => category.id > 0)
    .map((category) => ({ value: String(category.id), label: category.name }));
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      noValidate
      aria-label="Inventory filter"
      onSubmit={(e) => e.preventDefault()}
    >
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" verticalSpacing="sm">
        <ReportDateInput
          label="As of"
          value={filter.date_to}
          onChange={(day) => onFilterChange({ ...filter, date_to: day })}
        />
        <Select
          label="Status"
          data={INVENTORY_STATUS.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          value={filter.status}
          onChange={(value) => value && onFilterChange({ ...filter, status: value as InventoryStatus })}
          allowDeselect={false}
        />
        <MultiSelect
          label="Category"
          placeholder={filter.categories.length ? undefined : "All categories"}
          data={categories}
          value={filter.categories.map(String)}
          onChange={(values) => onFilterChange({ ...filter, categories: values.map(Number) })}
          searchable
          clearable
          nothingFoundMessage="No category by that name"
        />
        <Checkbox
          label="Show SKU"
          checked={filter.customer_sku}
          onChange={(event) => onFilterChange({ ...filter, customer_sku: event.currentTarget.checked })}
          mt={{ base: 0, xs: 30 }}
        />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The Inventory tab (SPEC §2 "Inventory report"): stock of every product as of a day, by status
 * and category, a monthly chart of what was filled and sold, and the CSV export.
 */
export function InventoryReport({
  filter,
  page,
  onFilterChange,
  onPageChange,
}: {
  filter: InventoryFilter;
  page: number;
  onFilterChange: (filter: InventoryFilter) => void;
  onPageChange: (page: number) => void;
}) {
  const report = useInventoryReport(toInventoryRequest(filter));
  const exportCsv = useExportLink(report, filter);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const rows = useMemo(() => report.data?.rows ?? [], [report.data]);
  const pages = pageCount(rows.length, REPORT_DETAIL_PAGE_SIZE);
  const currentPage = Math.min(page, pages);
  const pageRows = rows.slice((currentPage - 1) * REPORT_DETAIL_PAGE_SIZE, currentPage * REPORT_DETAIL_PAGE_SIZE);
  const chosen = useMemo(() => rows.filter((row) => selected.has(row.product_id)), [rows, selected]);
  const chartRows = chosen.length ? chosen : rows;
  const totals = useMemo(() => {
    let quantity = 0;
    let value = 0;
    for (const row of rows) {
      quantity += row.quantity;
      value += row.value;
    }
    return { products: rows.length, quantity, value };
  }, [rows]);

  function select(ids: number[], checked: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }

  return (
    <Stack gap="lg">
      <InventoryFilterForm filter={filter} onFilterChange={onFilterChange} />

      {report.isError ? (
        <LoadError title="The inventory report could not be loaded" query={report} />
      ) : (
        <>
          <Paper withBorder radius="md" p="md">
            <InventoryChart
              rows={chartRows}
              isLoading={report.isFetching}
              subject={
                chosen.length
                  ? `${chosen.length} selected ${chosen.length === 1 ? "product" : "products"}`
                  : `all ${formatCount(rows.length)} products`
              }
            />
          </Paper>

          <Stack gap="sm">
            <Group justify="space-between" align="center" gap="sm">
              <Group gap="sm" align="baseline">
                <Title order={2} size="h3">
                  Inventory as of {formatReportDate(filter.date_to)}
                </Title>
                {report.data && (
                  <Text size="sm" c="dimmed">
                    {formatCount(rows.length)} rows
                    {selected.size > 0 && ` · ${selected.size} selected for the chart`}
                  </Text>
                )}
                <FreshnessNote freshness={report.data?.freshness} />
              </Group>
              <Group gap="xs">
                {selected.size > 0 && (
                  <Button variant="subtle" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                )}
                {report.data && (
                  <Button
                    component="a"
                    href={downloadUrl(report.data.export_code)}
                    download
                    onClick={exportCsv}
                    variant="default"
                    leftSection={<IconDownload size={16} aria-hidden />}
                  >
                    Export CSV
                  </Button>
                )}
              </Group>
            </Group>
            <ResultsArea
              isLoading={report.isFetching}
              loadingLabel="Loading inventory"
              isEmpty={report.data !== undefined && rows.length === 0}
            >
              {pageRows.length > 0 && (
                <InventoryTable
                  rows={pageRows}
                  totals={totals}
                  withSku={filter.customer_sku}
                  selected={selected}
                  onSelect={select}
                />
              )}
            </ResultsArea>
            {rows.length > REPORT_DETAIL_PAGE_SIZE && (
              <TablePager
                noun="products"
                page={currentPage}
                pageSize={REPORT_DETAIL_PAGE_SIZE}
                total={rows.length}
                onPageChange={onPageChange}
              />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}
