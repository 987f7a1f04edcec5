import { Anchor, Badge, Text } from "@mantine/core";
import { ORDER_STATUS, type OrderDetail, orderStatusName } from "@vetportal/contract";
import { Link } from "react-router";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMoney, formatUsDate } from "../../../lib/format.ts";
import classes from "./order-lines-table.module.css";

type OpenLine = OrderDetail["order_products"][number];
type CancelledLine = OrderDetail["cancel_products"][number];
type Line = ({ cancelled: false } & OpenLine) | ({ cancelled: true } & CancelledLine);

function ProductCell({ line }: { line: Line }) {
  if (line.cancelled) {
    return (
      <>
        <Badge color="red.9" variant="filled" radius="sm" tt="none" mr="xs" className={classes.badge}>
          Cancelled
        </Badge>
        <Text span fw={600} inherit>
          {line.product_name}
        </Text>
      </>
    );
  }
  return (
    <>
      <Text span fw={600} inherit>
        {line.product_name}
      </Text>
      {line.production_status_name && (
        <Text size="sm" c="blue.9" mt={2}>
          Made for you · {line.production_status_name}
        </Text>
      )}
      {line.production_status_name === orderStatusName(ORDER_STATUS.PENDING_PROOF_APPROVAL) && (
        <Anchor component={Link} to={`/product/${line.product_id}?proof=again`} size="sm" display="block" mt={2}>
          Review and approve the proof again
        </Anchor>
      )}
      {line.shipped_quantity > 0 && (
        <Text size="sm" mt={2}>
          {line.shipped_quantity === line.quantity ? "Shipped" : `${line.shipped_quantity} of ${line.quantity} shipped`}
        </Text>
      )}
      {line.backorder_expected_date && (
        <Text size="sm" c="orange.9" mt={2}>
          Back ordered · expected {formatUsDate(line.backorder_expected_date)}
        </Text>
      )}
    </>
  );
}

/** A line's packs, prices and estimated delivery, the same for open and cancelled lines. */
const COLUMNS: TableColumn<Line>[] = [
  { key: "product", label: "Product", role: "title", wrap: true, cell: (line) => <ProductCell line={line} /> },
  { key: "quantity", label: "Quantity", numeric: true, cell: (line) => line.quantity },
  { key: "unit", label: "Price per pack", numeric: true, cell: (line) => formatMoney(line.unit_price_cents) },
  { key: "total", label: "Total", numeric: true, cell: (line) => formatMoney(line.total_price_cents) },
  { key: "delivery", label: "Est. Delivery", cell: (line) => formatUsDate(line.estimated_delivery_date) || "—" },
];

/**
 * The order's lines with their estimated delivery dates (and, when back ordered, the day expected),
 * then its cancelled lines with the quantities and prices as ordered: red, and labelled "Cancelled"
 * in words as well (SPEC §2: "cancelled lines in red"; colour alone says nothing to everyone). On a
 * phone each line is a card.
 */
export function OrderLinesTable({ order }: { order: OrderDetail }) {
  const lines: Line[] = [
    ...order.order_products.map((line) => ({ ...line, cancelled: false as const })),
    ...order.cancel_products.map((line) => ({ ...line, cancelled: true as const })),
  ];
  return (
    <DataTable
      label={`Products in order #${order.id}`}
      caption={`Products in order #${order.id}`}
      look="lines"
      nowrap={false}
      columns={COLUMNS}
      rows={lines}
      rowKey={(line) => (line.cancelled ? `cancelled-${line.order_product_id}` : line.id)}
      rowProps={(line) => (line.cancelled ? { className: classes.cancelled, "data-cancelled": true } : {})}
      minWidth={560}
    />
  );
}
