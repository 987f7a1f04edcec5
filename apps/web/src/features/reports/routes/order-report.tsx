import { Center, Group, Loader, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconBuildingWarehouse, IconReportAnalytics } from "@tabler/icons-react";
import { portalDay, REPORT_PAGE_SIZE } from "@vetportal/contract";
import type { ReactNode } from "react";
import { lazy, Suspense, useMemo } from "react";
import { useSearchParams } from "react-router";
import { LoadError } from "../../../components/page-state.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { getSession, sessionRestored } from "../../../lib/session.ts";
import { useOrderReport } from "../api/get-order-report.ts";
import { reportFiltersQueryOptions } from "../api/get-report-filters.ts";
import { ExportCsvButton } from "../components/export-csv-button.tsx";
import { FreshnessNote } from "../components/freshness-note.tsx";
import { InventoryDetail } from "../components/inventory-detail.tsx";
import { OrderProductsDetail } from "../components/order-products-detail.tsx";
import { ReportBreadcrumbs } from "../components/report-breadcrumbs.tsx";
import { ReportFilterForm } from "../components/report-filter-form.tsx";
import { ReportResults, VIEW_TITLES } from "../components/report-results.tsx";
import { NoReportData, PagedRows } from "../components/results-state.tsx";
import { readInventoryFilter, writeInventoryFilter } from "../utils/inventory-params.ts";
import { formatCount } from "../utils/report-format.ts";
import {
  defaultFormValues,
  drilldownSearch,
  type ReportFormValues,
  readAppliedFilter,
  readDrilldown,
  readPage,
  toOrderReportRequest,
  toReportFilter,
  withoutDrilldown,
  withPage,
  writeAppliedFilter,
} from "../utils/report-params.ts";

// The inventory tab and its chart (recharts) load when the tab is opened, not with the page
// (decision 016).
const InventoryReport = lazy(() =>
  import("../components/inventory-report.tsx").then((module) => ({ default: module.InventoryReport })),
);

/** How the page shows one order of the report; the order's own feature renders it (composed in app/). */
export type RenderReportOrder = (orderId: number) => ReactNode;

function ReportsTab({ today, renderOrder }: { today: string; renderOrder: RenderReportOrder }) {
  const [params, setParams] = useSearchParams();
  const applied = readAppliedFilter(params);
  const page = readPage(params);
  const drilldown = applied ? readDrilldown(params) : null;
  const request = applied ? toOrderReportRequest(applied, page) : null;
  const report = useOrderReport(request);
  const parentTo = `?${withoutDrilldown(params).toString()}`;

  function search(values: ReportFormValues) {
    const next = writeAppliedFilter(params, values);
    // The same Search again reloads the figures.
    if (next.toString() === params.toString()) void report.refetch();
    else setParams(next);
  }

  if (applied && drilldown) {
    const parent = VIEW_TITLES[applied.search_by];
    if (drilldown.kind === "order") {
      return (
        <Stack gap="md">
          <ReportBreadcrumbs parent={parent} parentTo={parentTo} current={`Order #${drilldown.orderId}`} />
          {renderOrder(drilldown.orderId)}
        </Stack>
      );
    }
    const onPageChange = (next: number) => setParams(withPage(params, "dpage", next), { preventScrollReset: true });
    if (drilldown.kind === "product") {
      return (
        <OrderProductsDetail
          filter={applied}
          productId={drilldown.productId}
          page={drilldown.page}
          parentTo={parentTo}
          onPageChange={onPageChange}
        />
      );
    }
    return (
      <InventoryDetail
        productId={drilldown.productId}
        dateFrom={applied.date_from}
        dateTo={applied.date_to}
        page={drilldown.page}
        parentTo={parentTo}
        onPageChange={onPageChange}
      />
    );
  }

  const data = report.data;
  const total = data?.found_rows ?? 0;
  return (
    <Stack gap="lg">
      <ReportFilterForm
        // Back and Forward bring another filter: the form starts again from it.
        key={applied ? writeAppliedFilter(new URLSearchParams(), applied).toString() : "defaults"}
        initial={applied ?? defaultFormValues(today)}
        hasResults={applied !== null}
        today={today}
        isSearching={report.isFetching}
        onSearch={search}
      />
      {!applied ? (
        <NoReportData />
      ) : report.isError ? (
        <LoadError title="The report could not be loaded" query={report} />
      ) : (
        <Stack gap="sm">
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="sm" align="baseline">
              <Title order={2} size="h3">
                {VIEW_TITLES[data?.search_by ?? applied.search_by]}
              </Title>
              {data && (
                <Text size="sm" c="dimmed" data-testid="report-row-count">
                  {formatCount(total)} {total === 1 ? "row" : "rows"}
                </Text>
              )}
              <FreshnessNote freshness={data?.freshness} />
            </Group>
            <ExportCsvButton filter={toReportFilter(applied)} />
          </Group>
          <PagedRows
            isLoading={report.isFetching}
            loadingLabel="Loading report"
            isEmpty={data !== undefined && data.rows.length === 0}
            total={total}
            page={page}
            pageSize={REPORT_PAGE_SIZE}
            onPageChange={(next) => setParams(withPage(params, "page", next), { preventScrollReset: true })}
          >
            {data && (
              <ReportResults
                report={data}
                optional={applied.columns}
                drillTo={(next) => drilldownSearch(params, next)}
              />
            )}
          </PagedRows>
        </Stack>
      )}
    </Stack>
  );
}

function InventoryTab({ today }: { today: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <Suspense
      fallback={
        <Center mih={200}>
          <Loader aria-label="Loading inventory" />
        </Center>
      }
    >
      <InventoryReport
        filter={readInventoryFilter(params, today)}
        page={readPage(params, "stock_page")}
        onFilterChange={(filter) =>
          setParams(writeInventoryFilter(params, filter, today), { preventScrollReset: true })
        }
        onPageChange={(next) => setParams(withPage(params, "stock_page", next), { preventScrollReset: true })}
      />
    </Suspense>
  );
}

/**
 * The first page of a visit shows the filter's choices in its first paint (lib/first-data-loader.ts);
 * anyone but an administrator gets Access Denied (RequireAdmin) and asks for nothing.
 */
export async function orderReportLoader() {
  await sessionRestored();
  return getSession()?.privileges?.is_admin ? loadFirstData([reportFiltersQueryOptions()]) : null;
}

/**
 * /reports/orderreport (SPEC §2): tabs Reports (the order report's five views with drill-downs)
 * and Inventory (?tab=inventory). Everything the page shows is in its URL.
 */
export function OrderReportPage({ renderOrder }: { renderOrder: RenderReportOrder }) {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => portalDay(), []);
  const tab = params.get("tab") === "inventory" ? "inventory" : "reports";

  return (
    <Stack gap="lg">
      <title>{`${tab === "inventory" ? "Inventory" : "Reports"} · Vet Portal`}</title>
      <Stack gap={4}>
        <Title order={1}>Reports</Title>
        <Text c="dimmed">Orders, products, users, items and inventory, with CSV exports.</Text>
      </Stack>
      <Tabs
        value={tab}
        onChange={(value) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (value === "inventory") next.set("tab", "inventory");
            else next.delete("tab");
            return next;
          })
        }
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="reports" leftSection={<IconReportAnalytics size={16} aria-hidden />}>
            Reports
          </Tabs.Tab>
          <Tabs.Tab value="inventory" leftSection={<IconBuildingWarehouse size={16} aria-hidden />}>
            Inventory
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="reports" pt="lg">
          <ReportsTab today={today} renderOrder={renderOrder} />
        </Tabs.Panel>
        <Tabs.Panel value="inventory" pt="lg">
          <InventoryTab today={today} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
