import { Text } from "@mantine/core";
import type { DeskOrder } from "@vetportal/contract";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMoney, formatUsDate } from "../../../lib/format.ts";

type Line = DeskOrder["lines"][number];

const COLUMNS: TableColumn<Line>[] = [
  {
    key: "product",
    label: "Product",
    role: "title",
    wrap: true,
    cell: (line) => (
      <>
        <Text size="sm" fw={600}>
          {line.product_name}
        </Text>
        <Text size="xs" c="dimmed">
          Product {line.product_id}
        </Text>
      </>
    ),
  },
  { key: "ordered", label: "Ordered", numeric: true, cell: (line) => line.quantity },
  {
    key: "cancelled",
    label: "Cancelled",
    numeric: true,
    cell: (line) =>
      line.cancelled_quantity ? (
        <Text span c="red.9" inherit>
          {line.cancelled_quantity}
        </Text>
      ) : (
        "—"
      ),
  },
  {
    key: "left",
    label: "Left",
    numeric: true,
    cell: (line) => (
      <Text span fw={600} inherit>
        {line.remaining_quantity}
      </Text>
    ),
  },
  { key: "shipped", label: "Shipped", numeric: true, cell: (line) => line.shipped_quantity || "—" },
  { key: "production", label: "Production", cell: (line) => line.production_status_name ?? "Stocked" },
  { key: "unit", label: "Per pack", numeric: true, cell: (line) => formatMoney(line.unit_price_cents) },
  { key: "total", label: "Total", numeric: true, cell: (line) => formatMoney(line.total_price_cents) },
  { key: "delivery", label: "Est. delivery", cell: (line) => formatUsDate(line.estimated_delivery_date) || "—" },
  {
    key: "backorder",
    label: "Back ordered until",
    cell: (line) => formatUsDate(line.backorder_expected_date) || "—",
  },
];

/** The order's lines as staff see them: packs ordered, cancelled and left, prices, dates. */
export function DeskLinesTable({ order }: { order: DeskOrder }) {
  return (
    <DataTable
      label={`Lines of order #${order.id}`}
      columns={COLUMNS}
      rows={order.lines}
      rowKey={(line) => line.id}
      minWidth={880}
    />
  );
}
