import { Alert, Anchor, Button, Divider, Grid, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import {
  IconArrowLeft,
  IconCircleCheck,
  IconCircleX,
  IconFlame,
  IconPrinter,
  IconRepeat,
  IconX,
} from "@tabler/icons-react";
import { MESSAGES, ORDER_STATUS, type OrderDetail, placedByText } from "@vetportal/contract";
import { Link, useNavigate, useParams } from "react-router";
import { AddressBlock } from "../../../components/address-block.tsx";
import { AmountRows } from "../../../components/amount-rows.tsx";
import { ApprovalPanel } from "../../../components/approval-panel.tsx";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { ContactFact, Fact, FactList } from "../../../components/fact-list.tsx";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { ShipmentGroups } from "../../../components/shipment-groups.tsx";
import { StatusTimeline } from "../../../components/status-timeline.tsx";
import { TrackingLinks } from "../../../components/tracking-links.tsx";
import { addAllToCart } from "../../../lib/cart-store.ts";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { formatPst } from "../../../lib/format.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCancelOrder } from "../api/cancel-order.ts";
import { orderQueryOptions, useOrder } from "../api/get-order.ts";
import { useReorder } from "../api/reorder.ts";
import { OrderAmounts } from "../components/order-amounts.tsx";
import { OrderLinesTable } from "../components/order-lines-table.tsx";

/** The way back to My Orders above an order (hidden on the printed receipt). */
function BackToMyOrders() {
  return (
    <Anchor component={Link} to="/orders" size="sm" data-print="hide">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
      My Orders
    </Anchor>
  );
}

/** Order types of the route (SPEC §2): 1 just submitted, 2 viewing. */
const JUST_SUBMITTED = "1";

/** The order's facts; its tracking links only when no Shipments panel shows them (`trackingInShipments`). */
function OrderSummary({ order, trackingInShipments = false }: { order: OrderDetail; trackingInShipments?: boolean }) {
  // A destroy order ships nothing: no delivery method, contact or tracking to show (decision 027).
  const isDestroy = order.order_status === ORDER_STATUS.DESTROYED;
  return (
    <FactList labelWidth={130}>
      <Fact label="Order #">
        <strong>{order.id}</strong>
      </Fact>
      <Fact label="Order Date">{order.order_created}</Fact>
      <Fact label="Status">
        <OrderStatusBadge status={order.order_status} name={order.order_status_name} />
      </Fact>
      {order.placed_by && (
        <Fact label="Taken by phone">{placedByText(order.placed_by.admin_name, order.placed_by.practice_name)}</Fact>
      )}
      {isDestroy ? (
        <Fact label="Destroyed by">{order.contact_name}</Fact>
      ) : (
        <>
          <Fact label="Delivery Method">{order.delivery_method_name}</Fact>
          <Fact label="Payment">{order.payment_method_name}</Fact>
          {order.po_number && <Fact label="PO Number">{order.po_number}</Fact>}
          {order.cost_center_name && <Fact label="Cost Center">{order.cost_center_name}</Fact>}
          <ContactFact order={order} />
        </>
      )}
      <Fact label="Note">{order.shipping_instruction || "—"}</Fact>
      {order.date_shipped && <Fact label="Date Shipped">{formatPst(order.date_shipped)}</Fact>}
      {order.shipments.length > 0 && !trackingInShipments && (
        <Fact label="Tracking">
          <TrackingLinks shipments={order.shipments} />
        </Fact>
      )}
    </FactList>
  );
}

/** Cancel Order (confirmed first), Print Receipt and, for shipped orders, Reorder. */
function OrderActions({ order }: { order: OrderDetail }) {
  const cancelOrder = useCancelOrder();
  const reorder = useReorder();
  const navigate = useNavigate();

  function confirmCancel() {
    confirmAction({
      message: MESSAGES.cancelOrderConfirm,
      confirm: "Cancel order",
      keep: "Keep order",
      onConfirm: () =>
        cancelOrder.mutate(order.id, {
          onSuccess: (result) => notifySuccess(`Order #${result.id} has been cancelled.`),
        }),
    });
  }

  function startReorder() {
    reorder.mutate(order.id, {
      onSuccess: (result) => {
        const messages = [
          ...result.items.flatMap((item) => (item.note ? [`${item.display_name}: ${item.note}`] : [])),
          ...result.dropped.map((line) => `${line.product_name} was not added: ${line.reason}.`),
        ];
        addAllToCart(
          result.items.map(({ note: _note, ...item }) => item),
          messages.length ? { title: `Reorder of order #${order.id}: some lines changed`, messages } : null,
        );
        if (result.items.length) notifySuccess(`The products of order #${order.id} are in your cart.`);
        navigate("/cart/preview");
      },
    });
  }

  return (
    <Group gap="sm" data-print="hide">
      {order.can_cancel && (
        <Button
          color="red.9"
          variant="outline"
          leftSection={<IconX size={18} aria-hidden />}
          onClick={confirmCancel}
          loading={cancelOrder.isPending}
        >
          Cancel Order
        </Button>
      )}
      <Button variant="default" leftSection={<IconPrinter size={18} aria-hidden />} onClick={() => window.print()}>
        Print Receipt
      </Button>
      {order.can_reorder && (
        <Button leftSection={<IconRepeat size={18} aria-hidden />} onClick={startReorder} loading={reorder.isPending}>
          Reorder
        </Button>
      )}
    </Group>
  );
}

/** A change made by staff is signed with the business's name, and the person's when known. */
const staffName = (event: { user_name: string }) => (event.user_name ? `${event.user_name}, Vet Portal` : "Vet Portal");

/** A cancelled order invoices nothing: what was ordered, at the prices it was ordered at, and the $0.00 invoiced. */
function CancelledAmounts({ order }: { order: OrderDetail }) {
  const ordered =
    order.order_products.reduce((sum, l) => sum + l.total_price_cents, 0) +
    order.cancel_products.reduce((sum, l) => sum + l.total_price_cents, 0);
  return <AmountRows rows={[["Products as ordered", ordered]]} total={["Invoiced", order.total_order_amount]} />;
}

function OrderSkeleton() {
  return (
    <Stack gap="lg" aria-hidden>
      <Skeleton h={34} w={360} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton h={220} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={140} />
        </Grid.Col>
      </Grid>
      <Skeleton h={160} />
    </Stack>
  );
}

/** The first paint of a fresh visit waits for the order (lib/first-data-loader.ts). */
export function orderDetailLoader({ params }: { params: { orderId?: string } }) {
  const id = params.orderId && /^\d+$/.test(params.orderId) ? Number(params.orderId) : undefined;
  return loadFirstData(id === undefined ? [] : [orderQueryOptions(id)]);
}

/**
 * /order/{orderId}/{orderType} (SPEC §2): type 1 right after placing the order, type 2 when viewing
 * it later. Delivery-to block, the order's facts, lines (cancelled ones in red), amounts, and the
 * Cancel Order, Print Receipt and Reorder actions. Printing hides everything but the receipt.
 */
export function OrderDetailRoute() {
  const params = useParams();
  const id = params.orderId && /^\d+$/.test(params.orderId) ? Number(params.orderId) : undefined;
  const isJustSubmitted = params.orderType === JUST_SUBMITTED;
  const order = useOrder(id);
  const heading = isJustSubmitted ? "Your Order Has Been Submitted" : "Your Order Details";

  if (id === undefined || isNotFound(order.error)) {
    return (
      <RecordNotFound
        title="Order not found"
        message="This order does not exist or is not yours to see."
        backTo="/orders"
        backLabel="Go to My Orders"
      />
    );
  }

  if (order.isPending) {
    return (
      <PageLoading label="Loading order…">
        <OrderSkeleton />
      </PageLoading>
    );
  }

  if (order.isError) {
    return (
      <Stack gap="lg">
        <Title order={1}>{heading}</Title>
        <LoadError title="The order could not be loaded" query={order} />
      </Stack>
    );
  }

  const data = order.data;
  const isCancelled = data.order_status === ORDER_STATUS.CANCELLED;
  // A split shipment (issue 24 §5) lists its tracking links with its lines: shown there, not twice.
  const hasShipments = data.shipment_groups.some((g) => g.lines.length > 0);
  if (data.order_status === ORDER_STATUS.DESTROYED) return <DestroyedOrder order={data} />;
  return (
    <Stack gap="lg">
      <title>{`Order #${data.id} · Vet Portal`}</title>
      <BackToMyOrders />
      <Text data-print="only" fw={700}>
        Vet Portal · Order Receipt
      </Text>
      <Group justify="space-between" align="flex-start" gap="md">
        <Title order={1}>{heading}</Title>
        <OrderActions order={data} />
      </Group>
      {isJustSubmitted && (
        <Alert
          style={{ overflowWrap: "anywhere" }}
          color="brand"
          variant="light"
          icon={<IconCircleCheck aria-hidden />}
          title="Thank you for your order"
          data-print="hide"
        >
          Order #{data.id} has been received. A confirmation email is on its way to {data.email}.
          {data.order_status === ORDER_STATUS.PENDING_APPROVAL &&
            " It needs approval before it ships: you will be emailed the decision."}
        </Alert>
      )}
      {isCancelled && (
        <Alert color="red" variant="light" icon={<IconCircleX aria-hidden />} title="This order was cancelled">
          Cancelled{data.cancelled_by ? ` by ${data.cancelled_by}` : ""}
          {data.cancelled_at ? ` on ${formatPst(data.cancelled_at)}` : ""}. Nothing will be invoiced for it. Below is
          what was ordered, at the prices it was ordered at.
        </Alert>
      )}
      {data.can_cancel && data.cancel_deadline && (
        <Text size="sm" c="dimmed" data-print="hide">
          You can cancel this order until {formatPst(data.cancel_deadline)}.
        </Text>
      )}
      {data.approval && <ApprovalPanel approval={data.approval} />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Panel title="Order" h="100%">
            <OrderSummary order={data} trackingInShipments={hasShipments} />
          </Panel>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Panel title="Deliver To" h="100%">
            <AddressBlock address={data.shipping_address} />
          </Panel>
        </Grid.Col>
      </Grid>
      {hasShipments && (
        <Panel title="Shipments">
          <ShipmentGroups progress={data.line_progress.summary} groups={data.shipment_groups} />
        </Panel>
      )}
      <Panel title="Products">
        <OrderLinesTable order={data} />
        <Divider my="md" />
        <Title order={2} size="h4" mb="sm">
          Amounts
        </Title>
        {isCancelled ? <CancelledAmounts order={data} /> : <OrderAmounts order={data} />}
      </Panel>
      {data.status_history.length > 0 && (
        <Panel title="Order History" data-print="hide">
          <StatusTimeline events={data.status_history} staffName={staffName} />
        </Panel>
      )}
    </Stack>
  );
}

/**
 * A destroy order (SPEC §4 "Destroy product", decision 027): stock written off, nothing shipped or
 * invoiced — so no "Your Order Has Been Submitted", delivery method, address or amounts, but what
 * was destroyed, by whom and when.
 */
function DestroyedOrder({ order }: { order: OrderDetail }) {
  const total = order.order_products.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <Stack gap="lg">
      <title>{`Order #${order.id} · Vet Portal`}</title>
      <BackToMyOrders />
      <Title order={1}>{`${total.toLocaleString("en-US")} ${total === 1 ? "pack" : "packs"} destroyed`}</Title>
      <Alert color="red" variant="light" icon={<IconFlame aria-hidden />} title="Written off the inventory">
        Order #{order.id}: the packs below were destroyed in stock. Nothing ships and nothing is invoiced.
      </Alert>
      <Panel title="Order">
        <OrderSummary order={order} />
      </Panel>
      <Panel title="Products">
        <OrderLinesTable order={order} />
      </Panel>
      {order.status_history.length > 0 && (
        <Panel title="Order History" data-print="hide">
          <StatusTimeline events={order.status_history} staffName={staffName} />
        </Panel>
      )}
    </Stack>
  );
}
