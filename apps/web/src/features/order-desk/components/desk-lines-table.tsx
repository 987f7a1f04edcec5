import { Table, Text } from "@mantine/core";
import type { DeskOrder } from "@vetportal/contract";
import { ScrollRegion, TableHead } from "../../../components/table-parts.tsx";
import { formatMoney, formatUsDate } from "../../../lib/format.ts";

/** The order's lines as staff see them: packs ordered, cancelled and left, prices, dates. */
export function DeskLinesTable({ order }: { order: DeskOrder }) {
  return (
    <ScrollRegion label={`Lines of order #${order.id}`} minWidth={720}>
      <Table verticalSpacing="xs" striped>
        <TableHead
          columns={[
            "Product",
            { label: "Ordered", numeric: true },
            { label: "Cancelled", numeric: true },
            { label: "Left", numeric: true },
            { label: "Per pack", numeric: true },
            { label: "Total", numeric: true },
            "Est. delivery",
            "Back ordered until",
          ]}
        />
        <Table.Tbody>
          {order.lines.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {line.product_name}
                </Text>
                <Text size="xs" c="dimmed">
                  Product {line.product_id}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.quantity}</Table.Td>
              <Table.Td ta="right" c={line.cancelled_quantity ? "red.9" : undefined}>
                {line.cancelled_quantity || "—"}
              </Table.Td>
              <Table.Td ta="right" fw={600}>
                {line.remaining_quantity}
              </Table.Td>
              <Table.Td ta="right">{formatMoney(line.unit_price_cents)}</Table.Td>
              <Table.Td ta="right">{formatMoney(line.total_price_cents)}</Table.Td>
              <Table.Td>{formatUsDate(line.estimated_delivery_date) || "—"}</Table.Td>
              <Table.Td>{formatUsDate(line.backorder_expected_date) || "—"}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
