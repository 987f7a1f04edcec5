import { LineChart, type LineChartSeries } from "@mantine/charts";
// After the import above, so the charts' rules follow those of the core components they build on.
import "@mantine/charts/styles.layer.css";
import { Box, Center, Group, Loader, Text, VisuallyHidden } from "@mantine/core";
import { type InventoryReportRow, MESSAGES } from "@vetportal/contract";
import { useId, useMemo } from "react";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMonth } from "../utils/report-dates.ts";
import { formatCount } from "../utils/report-format.ts";

/** The three series of SPEC §2, spelled correctly (DESIGN §7). */
export const INVENTORY_SERIES: LineChartSeries[] = [
  { name: "replenish", label: "Replenish", color: "teal.7" },
  { name: "sales", label: "Sales", color: "blue.7" },
  { name: "threshold", label: "Threshold", color: "red.8", strokeDasharray: "6 4" },
];

interface ChartPoint {
  month: string;
  replenish: number;
  sales: number;
  threshold: number;
}

/**
 * Month by month, the packs filled and sold of the products, summed; the threshold is the sum of
 * their low-inventory amounts, flat across the months.
 */
export function inventoryChartData(rows: InventoryReportRow[]): ChartPoint[] {
  const threshold = rows.reduce((sum, row) => sum + row.low_inventory_amount, 0);
  const months = new Map<string, { replenish: number; sales: number }>();
  for (const row of rows) {
    for (const month of row.months) {
      const point = months.get(month.month) ?? { replenish: 0, sales: 0 };
      point.replenish += month.fill;
      point.sales += month.sales;
      months.set(month.month, point);
    }
  }
  return [...months.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, point]) => ({ month: formatMonth(month), ...point, threshold }));
}

const CHART_HEIGHT = 300;

/** The chart's figures as a table, for screen readers: a month a row, a series a column. */
const CHART_COLUMNS: TableColumn<ChartPoint>[] = [
  { key: "month", label: "Month", rowHeader: true, cell: (point) => point.month },
  ...INVENTORY_SERIES.map((series) => ({
    key: series.name,
    label: series.label ?? series.name,
    cell: (point: ChartPoint) => formatCount(point[series.name as "replenish" | "sales" | "threshold"]),
  })),
];

export function InventoryChart({
  rows,
  isLoading,
  subject,
}: {
  rows: InventoryReportRow[];
  isLoading: boolean;
  /** What is plotted: "all 42 products", "3 selected products". */
  subject: string;
}) {
  const titleId = useId();
  const data = useMemo(() => inventoryChartData(rows), [rows]);

  return (
    <Box component="figure" m={0} aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Text component="figcaption" id={titleId} fw={700}>
          Monthly replenishment and sales (packs)
        </Text>
        <Text size="sm" c="dimmed">
          {subject}
        </Text>
      </Group>
      {isLoading ? (
        <Center h={CHART_HEIGHT} role="status">
          <Group gap="sm">
            <Loader size="sm" aria-hidden />
            <Text c="dimmed">{MESSAGES.loadingChart}</Text>
          </Group>
        </Center>
      ) : data.length === 0 ? (
        <Center h={CHART_HEIGHT}>
          <Text c="dimmed">{MESSAGES.noReportData}</Text>
        </Center>
      ) : (
        <>
          <LineChart
            h={CHART_HEIGHT}
            data={data}
            dataKey="month"
            series={INVENTORY_SERIES}
            curveType="linear"
            withLegend
            legendProps={{ verticalAlign: "bottom", height: 40 }}
            yAxisLabel="Packs"
            valueFormatter={(value) => formatCount(value)}
            tooltipAnimationDuration={150}
          />
          {/* The chart's figures for screen readers. */}
          <VisuallyHidden>
            <DataTable
              label={`Monthly replenishment, sales and threshold in packs, ${subject}`}
              caption={`Monthly replenishment, sales and threshold in packs, ${subject}`}
              showCaption
              rowsOnPhone
              look="lines"
              columns={CHART_COLUMNS}
              rows={data}
              rowKey={(point) => point.month}
            />
          </VisuallyHidden>
        </>
      )}
    </Box>
  );
}
