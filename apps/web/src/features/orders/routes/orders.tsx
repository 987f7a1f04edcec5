import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import {
  ALL_ORDER_STATUSES,
  MESSAGES,
  ORDER_STATUS,
  ORDER_STATUS_BACK_ORDERED,
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_DESTROYED,
  ORDER_STATUS_ON_HOLD,
  type OrderListItem,
} from "@vetportal/contract";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { useFilterValues } from "../../../components/filter-form.tsx";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { TableHead } from "../../../components/table-parts.tsx";
import { TrackingLinks } from "../../../components/tracking-links.tsx";
import { formatMoney, formatPst } from "../../../lib/format.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useOrders } from "../api/list-orders.ts";
import classes from "./orders.module.css";

/** Rows per page, as the spec's report tables (SPEC §9). */
const PAGE_SIZE = 25;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const createdBy = (order: OrderListItem) =>
  [order.user_first_name, order.user_last_name].filter(Boolean).join(" ") || "—";

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as they sit in the URL (?status=5&from=2026-01-01&to=…). */
type Filters = {
  status: string;
  from: string;
  to: string;
};

function readFilters(params: URLSearchParams): Filters {
  const day = (key: string) => {
    const value = params.get(key) ?? "";
    return DAY.test(value) ? value : "";
  };
  return { status: String(positiveId(params.get("status")) ?? ""), from: day("from"), to: day("to") };
}

/**
 * The statuses a practice's orders go through in the portal (issue 22 §6): not the legacy
 * production-internal ones (Printing, Plating, Bindery…). A status in the address that is not
 * among them (a link from elsewhere) is offered too, so the filter shows what is applied.
 */
const PRACTICE_STATUS_IDS: readonly number[] = [
  ORDER_STATUS.ACTIVE,
  ORDER_STATUS_ON_HOLD,
  ORDER_STATUS_BACK_ORDERED,
  ORDER_STATUS.SHIPPED,
  ORDER_STATUS_CANCELLED.id,
  ORDER_STATUS_DESTROYED.id,
];

function statusOptions(current: string) {
  const shown = ALL_ORDER_STATUSES.filter((s) => PRACTICE_STATUS_IDS.includes(s.id) || String(s.id) === current);
  return [{ value: "", label: "All statuses" }, ...shown.map((s) => ({ value: String(s.id), label: s.name }))];
}

/** By status and by the day the order was placed (Pacific time, both days included). */
function OrderFilters({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const { values, setValues, field } = useFilterValues(initial);
  const rangeError = values.from && values.to && values.to < values.from ? MESSAGES.dateRange : undefined;
  const isFiltered = Boolean(initial.status || initial.from || initial.to);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rangeError) onApply(values);
  }

  return (
    <Paper withBorder radius="md" p="sm" component="form" noValidate onSubmit={submit} aria-label="Filter my orders">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <NativeSelect
          label="Status"
          data={statusOptions(initial.status)}
          w={{ base: "100%", xs: 200 }}
          {...field("status")}
        />
        <TextInput type="date" label="Ordered from" w={{ base: "100%", xs: 170 }} {...field("from")} />
        <TextInput type="date" label="Ordered to" error={rangeError} w={{ base: "100%", xs: 170 }} {...field("to")} />
        <Group gap="xs">
          <Button type="submit" leftSection={<IconFilter size={16} aria-hidden />}>
            Filter
          </Button>
          {isFiltered && (
            <Button
              variant="default"
              onClick={() => {
                const empty = { status: "", from: "", to: "" };
                setValues(empty);
                onApply(empty);
              }}
            >
              Show all
            </Button>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Phones: one card per order instead of a table too wide for the screen. */
function OrderCards({ orders }: { orders: OrderListItem[] }) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }} hiddenFrom="sm" aria-label="My Orders">
      {orders.map((order) => (
        <Paper component="li" key={order.id} withBorder radius="md" p="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Anchor component={Link} to={`/order/${order.id}/2`} fw={700}>
              Order #{order.id}
            </Anchor>
            <OrderStatusBadge status={order.order_status} name={order.order_status_name} />
          </Group>
          <Text size="sm" mt={4}>
            {formatPst(order.created)} · {createdBy(order)} · <strong>{formatMoney(order.total_order_amount)}</strong>
          </Text>
          {order.shipments.length > 0 && (
            <Group gap={6} mt={4} wrap="nowrap" align="flex-start">
              <Text size="sm" c="dimmed">
                Tracking:
              </Text>
              <TrackingLinks shipments={order.shipments} compact />
            </Group>
          )}
          {order.shipping_instruction && (
            <Text size="sm" c="dimmed" className={classes.notes}>
              {order.shipping_instruction}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

function TableSkeleton() {
  return (
    <Stack gap="xs" p="md" aria-hidden>
      {Array.from({ length: 8 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} h={28} />
      ))}
    </Stack>
  );
}

/**
 * /orders (SPEC §2): My Orders — Order #, Created By, Personal Notes, Order Date and Status, plus
 * the total and the tracking links (issue 11) — newest first, 25 a page, filtered by status and
 * order days; filters and page are in the address (?status=5&page=2), so Back and links keep them.
 */
export function OrdersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const filters = readFilters(searchParams);
  const isFiltered = Boolean(filters.status || filters.from || filters.to);
  const orders = useOrders({
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    order_status_id: positiveId(filters.status),
    date_from: filters.from || undefined,
    date_to: filters.from && filters.to && filters.to < filters.from ? undefined : filters.to || undefined,
  });
  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);

  /** The filters and the page in the URL; defaults are left out. */
  function navigate(next: Filters, nextPage: number) {
    const params: Record<string, string> = {};
    if (next.status) params.status = next.status;
    if (next.from) params.from = next.from;
    if (next.to) params.to = next.to;
    if (nextPage > 1) params.page = String(nextPage);
    setSearchParams(params);
  }

  function goTo(next: number) {
    navigate(filters, next);
    window.scrollTo({ top: 0 });
  }

  return (
    <Stack gap="lg">
      <title>My Orders · Vet Portal</title>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>My Orders</Title>
        {total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {first}–{last} of {total} orders
          </Text>
        )}
      </Group>
      <OrderFilters
        key={`${filters.status}|${filters.from}|${filters.to}`}
        initial={filters}
        onApply={(next) => navigate(next, 1)}
      />
      {orders.isError ? (
        <LoadError title="Your orders could not be loaded" query={orders} />
      ) : orders.isPending ? (
        <Paper withBorder radius="md">
          <VisuallyHidden role="status">Loading orders…</VisuallyHidden>
          <TableSkeleton />
        </Paper>
      ) : orders.data.items.length === 0 && isFiltered ? (
        <Paper withBorder radius="md" p="xl">
          <Text fw={600} ta="center">
            No orders match these filters.
          </Text>
        </Paper>
      ) : orders.data.items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>You have not placed any orders yet.</Text>
            <Button component={Link} to="/">
              Browse Products
            </Button>
          </Stack>
        </Paper>
      ) : (
        <>
          <OrderCards orders={orders.data.items} />
          <Paper withBorder radius="md" className={classes.wrap} aria-busy={orders.isPlaceholderData} visibleFrom="sm">
            <Table.ScrollContainer minWidth={860} type="native" tabIndex={0} role="region" aria-label="My Orders table">
              <Table striped highlightOnHover verticalSpacing="sm">
                <VisuallyHidden component="caption">My Orders, newest first</VisuallyHidden>
                <TableHead
                  columns={[
                    "Order #",
                    "Created By",
                    "Personal Notes",
                    "Order Date",
                    { label: "Total", numeric: true },
                    "Status",
                    "Tracking",
                  ]}
                />
                <Table.Tbody>
                  {orders.data.items.map((order) => (
                    <Table.Tr key={order.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/order/${order.id}/2`} fw={700} aria-label={`Order #${order.id}`}>
                          {order.id}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{createdBy(order)}</Table.Td>
                      <Table.Td className={classes.notes}>{order.shipping_instruction || "—"}</Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatPst(order.created)}</Table.Td>
                      <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                        {formatMoney(order.total_order_amount)}
                      </Table.Td>
                      <Table.Td>
                        <OrderStatusBadge status={order.order_status} name={order.order_status_name} />
                      </Table.Td>
                      <Table.Td>
                        {order.shipments.length ? <TrackingLinks shipments={order.shipments} compact /> : "—"}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {pages > 1 && (
            <Group justify="center">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={goTo}
                aria-label="Pages of orders"
                getControlProps={(control) => ({
                  "aria-label": `${control[0]?.toUpperCase()}${control.slice(1)} page`,
                })}
                getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
              />
            </Group>
          )}
        </>
      )}
    </Stack>
  );
}
