import {
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import type { OrderListItem } from "@vetportal/contract";
import { Link, useSearchParams } from "react-router";
import { OrderStatusBadge } from "../../../components/order-status-badge.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { formatPst } from "../../../lib/format.ts";
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
            {formatPst(order.created)} · {createdBy(order)}
          </Text>
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
 * /orders (SPEC §2): My Orders — Order #, Created By, Personal Notes, Order Date, Status — newest
 * first, 25 a page; the page is in the address (?page=2), so Back and links keep it.
 */
export function OrdersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get("page"));
  const orders = useOrders({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const total = orders.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);

  function goTo(next: number) {
    setSearchParams(next === 1 ? {} : { page: String(next) });
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
      {orders.isError ? (
        <LoadError
          title="Your orders could not be loaded"
          error={orders.error}
          onRetry={() => void orders.refetch()}
          isRetrying={orders.isFetching}
        />
      ) : orders.isPending ? (
        <Paper withBorder radius="md">
          <VisuallyHidden role="status">Loading orders…</VisuallyHidden>
          <TableSkeleton />
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
            <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="My Orders table">
              <Table striped highlightOnHover verticalSpacing="sm">
                <Table.Caption className={classes.caption}>My Orders, newest first</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Order #</Table.Th>
                    <Table.Th scope="col">Created By</Table.Th>
                    <Table.Th scope="col">Personal Notes</Table.Th>
                    <Table.Th scope="col">Order Date</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
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
                      <Table.Td>
                        <OrderStatusBadge status={order.order_status} name={order.order_status_name} />
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
