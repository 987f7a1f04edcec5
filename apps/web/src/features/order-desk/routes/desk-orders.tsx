import { Anchor, Button, Chip, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import {
  DESK_COUNT_CAP,
  DESK_PAGE_SIZES,
  type DeskOrderList,
  type DeskOrderListItem,
  type DeskOrderListRequest,
} from "@vetportal/contract";
import { Link } from "react-router";
import { DayRangeFields } from "../../../components/day-input.tsx";
import { FilterForm, useFilterValues } from "../../../components/filter-form.tsx";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import type { TableColumn } from "../../../components/table/data-table.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { addressDay } from "../../../lib/address-day.ts";
import { formatMoney, formatPst } from "../../../lib/format.ts";
import { pageSizeParam, readParams, useListParams } from "../../../lib/list-params.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { useDeskOrders } from "../api/list-desk-orders.ts";

/** The filters as they sit in the URL (?status=5&text=paws&from=…), so Back and links keep them. */
type Filters = {
  text: string;
  po: string;
  order: string;
  from: string;
  to: string;
};
const EMPTY: Filters = { text: "", po: "", order: "", from: "", to: "" };
const count = new Intl.NumberFormat("en-US");

function toRequest(filters: Filters, status: number | undefined, page: number, size: number): DeskOrderListRequest {
  const from = addressDay(filters.from);
  const to = addressDay(filters.to);
  return {
    order_status_id: status,
    text: filters.text.trim() || undefined,
    po_number: filters.po.trim() || undefined,
    order_id: positiveId(filters.order.trim().replace(/^#/, "")),
    date_from: from,
    date_to: from && to && to < from ? undefined : to,
    limit: size,
    offset: Math.min((page - 1) * size, DESK_COUNT_CAP),
  };
}

const shownCount = (n: number, capped: boolean) => `${count.format(n)}${capped ? "+" : ""}`;

function DeskFilter({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const { values, setValues, set, field } = useFilterValues(initial);
  // Said, not silently ignored (issue 22 §6): the filter searches an exact order number only.
  const order = values.order.trim().replace(/^#/, "");
  const orderError =
    order && positiveId(order) === undefined ? "Enter an order number: digits only, like 1042" : undefined;
  return (
    <FilterForm
      label="Filter orders"
      cols={{ base: 1, xs: 2, md: 3, lg: 6 }}
      onSearch={() => {
        if (!orderError) onApply(values);
      }}
      onClear={() => {
        setValues(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput label="Practice or user" description="Name or email" maxLength={100} {...field("text")} />
      <TextInput
        label="Order #"
        description="Exact number"
        inputMode="numeric"
        maxLength={12}
        error={orderError}
        {...field("order")}
      />
      <TextInput label="PO number" description="Any part of it" maxLength={50} {...field("po")} />
      <DayRangeFields
        labels={["Ordered from", "Ordered to"]}
        descriptions={["Pacific time", "Both days included"]}
        from={values.from}
        to={values.to}
        onChange={set}
      />
    </FilterForm>
  );
}

/** One chip per status with orders under the current filters (and the one chosen), plus All. */
function StatusChips({
  data,
  status,
  onChange,
}: {
  data: DeskOrderList | undefined;
  status: number | undefined;
  onChange: (status: number | undefined) => void;
}) {
  const counts = data?.counts ?? [];
  const all = counts.reduce((n, c) => n + c.count, 0);
  const allCapped = counts.some((c) => c.is_capped) || all > DESK_COUNT_CAP;
  const shown = counts.filter((c) => c.count > 0 || c.order_status === status);
  return (
    <Chip.Group
      multiple={false}
      value={status === undefined ? "all" : String(status)}
      onChange={(v) => onChange(positiveId(v))}
    >
      <Group gap={6} role="radiogroup" aria-label="Order status">
        <Chip value="all" variant="outline" size="sm">
          All {data ? `· ${shownCount(Math.min(all, DESK_COUNT_CAP), allCapped)}` : ""}
        </Chip>
        {shown.map((c) => (
          <Chip key={c.order_status} value={String(c.order_status)} variant="outline" size="sm">
            {c.order_status_name} · {shownCount(c.count, c.is_capped)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

const orderLink = (order: DeskOrderListItem) => `/admin/orders/${order.id}`;

/** The desk's orders: a table on a wide screen, a card per order on a phone. */
function deskColumns(search: string): TableColumn<DeskOrderListItem>[] {
  return [
    {
      key: "id",
      label: "Order #",
      role: "title",
      cell: (order) => (
        <Anchor component={Link} to={orderLink(order)} state={{ back: `/admin/orders${search}` }} fw={700}>
          <Text span hiddenFrom="sm" inherit>
            Order #
          </Text>
          {order.id}
        </Anchor>
      ),
    },
    { key: "ordered", label: "Ordered", cell: (order) => formatPst(order.created) },
    {
      key: "practice",
      label: "Practice",
      wrap: true,
      cell: (order) => (
        <>
          <Text size="sm" fw={500}>
            {order.practice_name || order.user_name}
          </Text>
          {order.practice_name && order.user_name && order.user_name !== order.practice_name && (
            <Text size="xs" c="dimmed">
              {order.user_name}
            </Text>
          )}
        </>
      ),
    },
    { key: "po", label: "PO", wrap: true, cell: (order) => order.po_number ?? "—" },
    { key: "ship", label: "Ship to", cell: (order) => `${order.ship_city}, ${order.ship_state}` },
    { key: "total", label: "Total", numeric: true, cell: (order) => formatMoney(order.total_order_amount) },
    {
      key: "status",
      label: "Status",
      cell: (order) => <OrderStatusBadge status={order.order_status} name={order.order_status_name} />,
    },
    {
      key: "tracking",
      label: "Tracking",
      wrap: true,
      cell: (order) => <Text size="xs">{order.tracking_number ?? "—"}</Text>,
    },
  ];
}

/**
 * /admin/orders (issue 11): the order desk. Every order of the customer, newest first, with chips
 * per status (counts under the other filters), filters and paging in the URL.
 */
export function DeskOrdersRoute() {
  const { params, page, update } = useListParams({ size: String(DESK_PAGE_SIZES[0]) });
  const filters = readParams(params, EMPTY);
  const status = positiveId(params.get("status"));
  const size = pageSizeParam(params, DESK_PAGE_SIZES);
  const orders = useDeskOrders(toRequest(filters, status, page, size));
  const search = params.toString() ? `?${params.toString()}` : "";

  const total = orders.data?.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * size + 1;
  const last = Math.min(total, page * size);

  return (
    <Stack gap="lg">
      <title>Order Desk · Vet Portal</title>
      <PageHeader
        title="Order Desk"
        description="Every practice's orders, newest first. Open one to ship, hold, back order or cancel it."
      >
        <Button
          component={Link}
          to="/admin/orders/import"
          variant="light"
          leftSection={<IconFileUpload size={16} aria-hidden />}
        >
          Upload carrier file
        </Button>
      </PageHeader>

      <DeskFilter
        key={Object.values(filters).join("\u0000")}
        initial={filters}
        onApply={(next) => update({ ...next, page: 1 })}
      />
      <StatusChips data={orders.data} status={status} onChange={(next) => update({ status: next, page: 1 })} />

      <Stack gap="sm">
        <ListResults
          query={orders}
          noun="orders"
          errorTitle="The orders could not be loaded"
          emptyText="No orders match these filters."
          tableLabel="Orders"
          columns={deskColumns(search)}
          rowKey={(order) => order.id}
          minWidth={960}
          framed
          page={page}
          pageSize={size}
          onPageChange={(next) => update({ page: next })}
          pager={{
            pageSizes: DESK_PAGE_SIZES,
            onPageSizeChange: (next) => update({ size: next, page: 1 }),
            maxPages: Math.floor(DESK_COUNT_CAP / size) + 1,
            status:
              total === 0
                ? "No orders"
                : `Showing ${count.format(first)}–${count.format(last)} of ${shownCount(total, orders.data?.total_is_capped ?? false)} orders`,
          }}
        />
        {!orders.isError && orders.data?.total_is_capped && (
          <Text size="sm" c="dimmed">
            More than {count.format(DESK_COUNT_CAP)} orders match: narrow them with a status, a practice or dates to see
            the rest.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
