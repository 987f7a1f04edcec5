import { Alert, Divider, Grid, Group, Skeleton, Stack, Title, VisuallyHidden } from "@mantine/core";
import { IconMapSearch } from "@tabler/icons-react";
import type { OrderDetail } from "@vetportal/contract";
import { AddressBlock } from "../../components/address-block.tsx";
import { ContactFact, Fact, FactList } from "../../components/fact-list.tsx";
import { OrderStatusBadge } from "../../components/order-status-badge.tsx";
import { isNotFound, LoadError } from "../../components/page-state.tsx";
import { Panel } from "../../components/panel.tsx";
import { useOrder } from "../../features/orders/api/get-order.ts";
import { OrderAmounts } from "../../features/orders/components/order-amounts.tsx";
import { OrderLinesTable } from "../../features/orders/components/order-lines-table.tsx";
import { OrderReportPage } from "../../features/reports/routes/order-report.tsx";
import { formatPst } from "../../lib/format.ts";

export { orderReportLoader } from "../../features/reports/routes/order-report.tsx";

/** The order as its own page shows it (SPEC §2 order detail), read-only: the report is for looking. */
function ReportOrder({ order }: { order: OrderDetail }) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} size="h3">
          Order #{order.id}
        </Title>
        <OrderStatusBadge status={order.order_status} name={order.order_status_name} />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Panel title="Order" order={3} h="100%">
            <FactList labelWidth={140}>
              <Fact label="Order Date">{order.order_created}</Fact>
              <Fact label="Customer">{order.customer_name}</Fact>
              <Fact label="Ordered By">{order.user_name}</Fact>
              <Fact label="Order Type">{order.order_type_name}</Fact>
              <Fact label="Delivery Method">{order.delivery_method_name}</Fact>
              <Fact label="Payment">{order.payment_method_name}</Fact>
              {order.po_number && <Fact label="PO Number">{order.po_number}</Fact>}
              <ContactFact order={order} />
              <Fact label="Note">{order.shipping_instruction || "—"}</Fact>
              {order.date_shipped && <Fact label="Date Shipped">{formatPst(order.date_shipped)}</Fact>}
              {order.tracking_number && <Fact label="Tracking Number">{order.tracking_number}</Fact>}
            </FactList>
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Panel title="Deliver To" order={3} h="100%">
            <AddressBlock address={order.shipping_address} />
          </Panel>
        </Grid.Col>
      </Grid>
      <Panel title="Products" order={3}>
        <OrderLinesTable order={order} />
        <Divider my="md" />
        <Title order={3} size="h4" mb="sm">
          Amounts
        </Title>
        <OrderAmounts order={order} />
      </Panel>
    </Stack>
  );
}

function ReportOrderDetail({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (isNotFound(order.error)) {
    return (
      <Alert color="gray" variant="light" title="Order not found" icon={<IconMapSearch aria-hidden />}>
        Order #{orderId} does not exist.
      </Alert>
    );
  }
  if (order.isPending) {
    return (
      <Stack gap="lg" aria-busy>
        <VisuallyHidden role="status">Loading order…</VisuallyHidden>
        <Skeleton h={30} w={240} />
        <Skeleton h={220} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (order.isError) {
    return <LoadError title="The order could not be loaded" query={order} />;
  }
  return <ReportOrder order={order.data} />;
}

/**
 * /reports/orderreport (SPEC §2). The reports feature owns the page; the order drill-down shows the
 * order with the orders feature's pieces, composed here because features do not import each other.
 */
export function OrderReportRoute() {
  return <OrderReportPage renderOrder={(orderId) => <ReportOrderDetail orderId={orderId} />} />;
}
