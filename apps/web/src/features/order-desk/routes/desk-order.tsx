import { Anchor, Divider, Grid, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { type DeskOrder, placedByText } from "@vetportal/contract";
import { Link, useLocation, useParams } from "react-router";
import { AddressBlock } from "../../../components/address-block.tsx";
import { AmountRows } from "../../../components/amount-rows.tsx";
import { ContactFact, Fact, FactList } from "../../../components/fact-list.tsx";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { RecordHistory } from "../../../components/record-history.tsx";
import { ShipmentGroups } from "../../../components/shipment-groups.tsx";
import { StatusTimeline } from "../../../components/status-timeline.tsx";
import { TrackingLinks } from "../../../components/tracking-links.tsx";
import { formatPst } from "../../../lib/format.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useDeskOrder } from "../api/get-desk-order.ts";
import { DeskActions, hasDeskActions } from "../components/desk-actions.tsx";
import { DeskLinesTable } from "../components/desk-lines-table.tsx";
import { DeskProduction } from "../components/desk-production.tsx";

function Amounts({ order }: { order: DeskOrder }) {
  return (
    <AmountRows
      rows={[
        ["Items", order.total_items_amount],
        ["Pick fees", order.pick_fee_amount],
        ["Shipping", order.shipping_amount],
        ["Processing", order.processing_amount],
        ["Tax", order.tax_amount],
      ]}
      total={["Invoiced total", order.total_order_amount]}
    />
  );
}

function Customer({ order }: { order: DeskOrder }) {
  return (
    <FactList labelWidth={120}>
      <Fact label="Practice">{order.practice_name || "—"}</Fact>
      <Fact label="Ordered by">
        {order.user_name || "—"}
        {order.user_email && (
          <Text size="xs" c="dimmed">
            {order.user_email}
          </Text>
        )}
      </Fact>
      {order.placed_by && (
        <Fact label="Taken by phone">{placedByText(order.placed_by.admin_name, order.placed_by.practice_name)}</Fact>
      )}
      <ContactFact order={order} />
      <Fact label="PO number">{order.po_number ?? "—"}</Fact>
      <Fact label="Cost center">{order.cost_center_name ?? "—"}</Fact>
      <Fact label="Department">{order.department_name ?? "—"}</Fact>
      <Fact label="Delivery">{order.delivery_method_name}</Fact>
      <Fact label="Note">{order.shipping_instruction || "—"}</Fact>
    </FactList>
  );
}

/** /admin/orders/{id} (issue 11): the staff view of an order, with the actions its status allows. */
export function DeskOrderRoute() {
  const params = useParams();
  const { state } = useLocation();
  const id = positiveId(params.id);
  const order = useDeskOrder(id);
  const back =
    typeof (state as { back?: unknown } | null)?.back === "string" ? (state as { back: string }).back : "/admin/orders";
  const backLink = (
    <Anchor component={Link} to={back} size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
      Order Desk
    </Anchor>
  );

  if (id === undefined || isNotFound(order.error)) {
    return (
      <RecordNotFound
        title="Order not found"
        message="There is no order with this number."
        backTo="/admin/orders"
        backLabel="Go to the Order Desk"
      />
    );
  }
  if (order.isPending) {
    return <PageLoading label="Loading order…" blocks={[{ h: 34, w: 320 }, { h: 240 }, { h: 180 }]} />;
  }
  if (order.isError) {
    return (
      <Stack gap="lg">
        {backLink}
        <Title order={1}>Order #{id}</Title>
        <LoadError title="The order could not be loaded" query={order} />
      </Stack>
    );
  }

  const data = order.data;
  const acting = hasDeskActions(data);
  return (
    <Stack gap="lg">
      <title>{`Order #${data.id} · Order Desk · Vet Portal`}</title>
      {backLink}
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1}>Order #{data.id}</Title>
            <OrderStatusBadge status={data.order_status} name={data.order_status_name} />
          </Group>
          <Text c="dimmed" size="sm">
            {data.practice_name || data.user_name} · ordered {data.order_created}
            {data.date_shipped ? ` · shipped ${formatPst(data.date_shipped)}` : ""}
          </Text>
        </Stack>
      </Group>

      {/*
        What staff act on beside the order's facts (the facts side by side when nothing is left to do);
        the two tables (production, lines) below at the page's full width, so their columns read whole
        on a laptop (1366 px) without scrolling sideways.
      */}
      <Grid gap="lg">
        {acting && (
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <DeskActions order={data} />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, lg: acting ? 4 : 12 }}>
          <SimpleGrid cols={{ base: 1, md: acting ? 1 : 3 }} spacing="lg">
            <Panel title="Shipments">
              {data.shipment_groups.some((g) => g.lines.length) ? (
                <ShipmentGroups progress={data.line_progress.summary} groups={data.shipment_groups} />
              ) : data.shipments.length ? (
                <TrackingLinks shipments={data.shipments} />
              ) : (
                <Text size="sm" c="dimmed">
                  Not shipped yet.
                </Text>
              )}
            </Panel>
            <Panel title="Ship to">
              <AddressBlock address={data.shipping_address} />
            </Panel>
            <Panel title="Customer">
              <Customer order={data} />
            </Panel>
          </SimpleGrid>
        </Grid.Col>
      </Grid>
      <DeskProduction order={data} />
      <Panel title="Lines">
        <DeskLinesTable order={data} />
        <Divider my="md" />
        <Amounts order={data} />
      </Panel>
      <Panel title="History">
        <StatusTimeline events={data.history} />
      </Panel>
      <RecordHistory kind="order" recordId={data.id} />
    </Stack>
  );
}
