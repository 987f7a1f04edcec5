import { Badge, Table, Text, VisuallyHidden } from "@mantine/core";
import type { OrderDetail } from "@vetportal/contract";
import { ScrollRegion, TableHead } from "../../../components/table-parts.tsx";
import { formatMoney, formatUsDate } from "../../../lib/format.ts";
import classes from "./order-lines-table.module.css";

type Line = OrderDetail["order_products"][number] | OrderDetail["cancel_products"][number];

/** A line's packs, prices and estimated delivery, the same for open and cancelled lines. */
function LineFigures({ line }: { line: Line }) {
  return (
    <>
      <Table.Td ta="right">{line.quantity}</Table.Td>
      <Table.Td ta="right">{formatMoney(line.unit_price_cents)}</Table.Td>
      <Table.Td ta="right">{formatMoney(line.total_price_cents)}</Table.Td>
      <Table.Td>{formatUsDate(line.estimated_delivery_date) || "—"}</Table.Td>
    </>
  );
}

/**
 * The order's lines with their estimated delivery dates (and, when back ordered, the day expected),
 * then its cancelled lines with the quantities and prices as ordered: red, and labelled "Cancelled"
 * in words as well (SPEC §2: "cancelled lines in red"; colour alone says nothing to everyone).
 */
export function OrderLinesTable({ order }: { order: OrderDetail }) {
  return (
    <ScrollRegion label={`Products in order #${order.id}`} minWidth={560}>
      <Table verticalSpacing="sm" className={classes.table}>
        <VisuallyHidden component="caption">Products in order #{order.id}</VisuallyHidden>
        <TableHead
          columns={[
            "Product",
            { label: "Quantity", numeric: true },
            { label: "Price per pack", numeric: true },
            { label: "Total", numeric: true },
            "Est. Delivery",
          ]}
        />
        <Table.Tbody>
          {order.order_products.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Text span fw={600} inherit>
                  {line.product_name}
                </Text>
                {line.backorder_expected_date && (
                  <Text size="sm" c="orange.9" mt={2}>
                    Back ordered · expected {formatUsDate(line.backorder_expected_date)}
                  </Text>
                )}
              </Table.Td>
              <LineFigures line={line} />
            </Table.Tr>
          ))}
          {order.cancel_products.map((line) => (
            <Table.Tr key={`cancelled-${line.order_product_id}`} className={classes.cancelled} data-cancelled>
              <Table.Td>
                <Badge color="red.9" variant="filled" radius="sm" tt="none" mr="xs" className={classes.badge}>
                  Cancelled
                </Badge>
                <Text span fw={600} inherit>
                  {line.product_name}
                </Text>
              </Table.Td>
              <LineFigures line={line} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollRegion>
  );
}
