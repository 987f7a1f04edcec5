import { Table, Text } from "@mantine/core";
import type { DeskOrder } from "@vetportal/contract";
import { formatMoney, formatUsDate } from "../../../lib/format.ts";

/** The order's lines as staff see them: packs ordered, cancelled and left, prices, dates. */
export function DeskLinesTable({ order }: { order: DeskOrder }) {
  return (
    <Table.ScrollContainer
      minWidth={720}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={`Lines of order #${order.id}`}
    >
      <Table verticalSpacing="xs" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Product</Table.Th>
            <Table.Th scope="col" ta="right">
              Ordered
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Cancelled
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Left
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Per pack
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
            <Table.Th scope="col">Est. delivery</Table.Th>
            <Table.Th scope="col">Back ordered until</Table.Th>
          </Table.Tr>
        </Table.Thead>
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
    </Table.ScrollContainer>
  );
}
