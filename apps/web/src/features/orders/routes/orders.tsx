import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { IconFilter } from "@tabler/icons-react";
import { ALL_ORDER_STATUSES, ORDER_STATUS, type OrderListItem } from "@vetportal/contract";
import type { FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { DayRangeFields } from "../../../components/day-input.tsx";
import { useFilterValues } from "../../../components/filter-form.tsx";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { TrackingLinks } from "../../../components/tracking-links.tsx";
import { addressDay } from "../../../lib/address-day.ts";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { focusFirstInvalid } from "../../../lib/form-kit.ts";
import { formatMoney, formatPst } from "../../../lib/format.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { type OrderListPage, ordersQueryOptions, useOrders } from "../api/list-orders.ts";
import classes from "./orders.module.css";

/** Rows per page, as the spec's report tables (SPEC §9). */
const PAGE_SIZE = 25;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

const createdBy = (order: OrderListItem) =>
  [order.user_first_name, order.user_last_name].filter(Boolean).join(" ") || "—";

/** The filters as they sit in the URL (?status=5&from=2026-01-01&to=…). */
type Filters = {
  status: string;
  from: string;
  to: string;
};

function readFilters(params: URLSearchParams): Filters {
  const day = (key: string) => addressDay(params.get(key)) ?? "";
  return { status: String(positiveId(params.get("status")) ?? ""), from: day("from"), to: day("to") };
}

/**
 * The statuses a practice's orders go through in the portal (issue 22 §6): not the legacy
 * production-internal ones (Printing, Plating, Bindery…). A status in the address that is not
 * among them (a link from elsewhere) is offered too, so the filter shows what is applied.
 */
const PRACTICE_STATUS_IDS: readonly number[] = [
  ORDER_STATUS.ACTIVE,
  ORDER_STATUS.ON_HOLD,
  ORDER_STATUS.BACK_ORDERED,
  ORDER_STATUS.SHIPPED,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DESTROYED,
];

function statusOptions(current: string) {
  const shown = ALL_ORDER_STATUSES.filter((s) => PRACTICE_STATUS_IDS.includes(s.id) || String(s.id) === current);
  return [{ value: "", label: "All statuses" }, ...shown.map((s) => ({ value: String(s.id), label: s.name }))];
}

/** By status and by the day the order was placed (Pacific time, both days included). */
function OrderFilters({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const { values, setValues, set, field } = useFilterValues(initial);
  const isFiltered = Boolean(initial.status || initial.from || initial.to);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A day that is not one, or days out of order, make the form invalid (DayRangeFields).
    if (event.currentTarget.checkValidity()) onApply(values);
    else focusFirstInvalid(event.currentTarget);
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
        <DayRangeFields
          labels={["Ordered from", "Ordered to"]}
          w={{ base: "100%", xs: 170 }}
          from={values.from}
          to={values.to}
          onChange={set}
        />
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

const ORDER_LINK = `mantine-focus-auto ${Anchor.classes.root} ${Text.classes.root}`;

/** My Orders' columns: a table on a wide screen, a card per order on a phone. */
const COLUMNS: TableColumn<OrderListItem>[] = [
  {
    key: "id",
    label: "Order #",
    role: "title",
    // Mantine's Anchor as a plain link (its classes): one a row (decision 034, lever 23).
    cell: (order) => (
      <Link
        to={`/order/${order.id}/2`}
        className={ORDER_LINK}
        data-underline="hover"
        style={{ fontWeight: 700 }}
        aria-label={`Order #${order.id}`}
      >
        <span className="mantine-hidden-from-sm">Order #</span>
        {order.id}
      </Link>
    ),
  },
  { key: "by", label: "Created By", wrap: true, cell: createdBy },
  {
    key: "notes",
    label: "Personal Notes",
    wrap: true,
    cell: (order) => <span className={classes.notes}>{order.shipping_instruction || "—"}</span>,
  },
  { key: "date", label: "Order Date", cell: (order) => formatPst(order.created) },
  { key: "total", label: "Total", numeric: true, cell: (order) => formatMoney(order.total_order_amount) },
  {
    key: "status",
    label: "Status",
    cell: (order) => <OrderStatusBadge status={order.order_status} name={order.order_status_name} />,
  },
  {
    key: "tracking",
    label: "Tracking",
    cell: (order) => (order.shipments.length ? <TrackingLinks shipments={order.shipments} compact /> : "—"),
  },
];

/**
 * A page of placeholders about as tall as the page of orders it stands for (a card a row on phones),
 * so nothing below it moves when the orders arrive, even on a reload that restores a scrolled
 * position (decision 034).
 */
function TableSkeleton() {
  return (
    <div className={classes.skeleton} aria-hidden>
      {Array.from({ length: PAGE_SIZE }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={index} className={classes.skeletonRow} />
      ))}
    </div>
  );
}

/** The page, the filters and the list request an address names. */
function listOf(searchParams: URLSearchParams) {
  const page = pageFrom(searchParams.get("page"));
  const filters = readFilters(searchParams);
  const request: OrderListPage = {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
    order_status_id: positiveId(filters.status),
    date_from: filters.from || undefined,
    date_to: filters.from && filters.to && filters.to < filters.from ? undefined : filters.to || undefined,
  };
  return { page, filters, request };
}

/** The first page of a visit shows its orders in its first paint (lib/first-data-loader.ts). */
export function ordersLoader({ request }: { request: Request }) {
  return loadFirstData([ordersQueryOptions(listOf(new URL(request.url).searchParams).request)]);
}

/**
 * /orders (SPEC §2): My Orders — Order #, Created By, Personal Notes, Order Date and Status, plus
 * the total and the tracking links (issue 11) — newest first, 25 a page, filtered by status and
 * order days; filters and page are in the address (?status=5&page=2), so Back and links keep them.
 */
export function OrdersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, filters, request } = listOf(searchParams);
  const isFiltered = Boolean(filters.status || filters.from || filters.to);
  const orders = useOrders(request);
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
        <div className={classes.wrap} aria-busy={orders.isPlaceholderData}>
          <DataTable
            label="My Orders"
            caption="My Orders, newest first"
            look="lines"
            columns={COLUMNS}
            rows={orders.data.items}
            rowKey={(order) => order.id}
            minWidth={860}
            framed
            tableProps={{ striped: true, highlightOnHover: true }}
            after={
              pages > 1 && (
                <Group justify="center" mt="lg" pb={4}>
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
              )
            }
          />
        </div>
      )}
    </Stack>
  );
}
