import {
  type DeskOrder,
  deskActions,
  isFinalStatus,
  LINE_TRANSITIONS,
  lineReadyToShip,
  MESSAGES,
  orderStatusName,
  productionStatusName,
  SEND_BACK_FROM,
} from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import {
  byFinalStatus,
  type OrderLineRow,
  type OrderRow,
  orderSheetOf,
  personName,
  remainingOf,
  unshippedOf,
} from "../orders/orders.service.ts";
import type { FulfilmentDeps, Staff } from "./fulfilment-deps.ts";

/*
 * How the desk reads one order and changes it: the order locked for the transaction, refused when
 * it is final or a destroy order, the change, and its audit row (decision 043).
 */

/** Why an order in a final status cannot change. */
function frozen(order: OrderRow): AppError {
  const what = byFinalStatus(order.order_status_id, {
    shipped: "has already shipped",
    cancelled: "was cancelled",
    other: "can no longer change",
  });
  return new AppError("CONFLICT", `Order #${order.id} ${what}: a shipped or cancelled order can no longer change.`);
}

export const notFound = (id: number) => new AppError("NOT_FOUND", `Order #${id} does not exist.`);

/** A line's shipping and production as the desk shows them (issue 24 §4–§5). */
function lineProduction(
  l: Pick<OrderLineRow, "quantity" | "cancelled_quantity" | "shipped_quantity" | "production_status_id">,
) {
  const open = unshippedOf(l) > 0;
  const status = l.production_status_id;
  return {
    shipped_quantity: l.shipped_quantity,
    to_ship_quantity: unshippedOf(l),
    production_status: status,
    production_status_name: productionStatusName(status),
    production_moves:
      open && status !== null ? [...((LINE_TRANSITIONS as Record<number, readonly number[]>)[status] ?? [])] : [],
    can_send_back: open && status !== null && SEND_BACK_FROM.includes(status),
    ready_to_ship: open && lineReadyToShip(status),
  };
}

/** The staff view of an order of the customer. */
export async function getOrder({ db, orders }: FulfilmentDeps, staff: Staff, id: number): Promise<DeskOrder> {
  const order = await orders.findCustomerOrder(db, id, staff.customerId);
  if (!order) throw notFound(id);
  const { names, lines, history, shipments, shipmentGroups, lineProgress, placedBy } = await orders.readOrderSheet(
    db,
    order,
  );
  return {
    id: order.id,
    ...orderSheetOf(order),
    order_status: order.order_status_id,
    order_status_name: names?.order_status_name ?? orderStatusName(order.order_status_id),
    practice_name: names?.representation ?? "",
    user_id: order.user_id,
    user_name: personName({
      first_name: names?.first_name ?? null,
      last_name: names?.last_name ?? null,
      representation: names?.representation ?? null,
    }),
    user_email: names?.user_email ?? null,
    placed_by: placedBy,
    department_name: names?.department_name ?? null,
    cost_center_name: names?.cost_center_name ?? null,
    delivery_method_name: names?.delivery_method_name ?? "",
    lines: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      product_name: l.product_name,
      quantity: l.quantity,
      cancelled_quantity: l.cancelled_quantity,
      remaining_quantity: remainingOf(l),
      unit_price_cents: l.unit_price_cents,
      total_price_cents: l.unit_price_cents * remainingOf(l),
      estimated_delivery_date: l.estimated_delivery_date,
      backorder_expected_date: l.backorder_expected_date,
      ...lineProduction(l),
    })),
    history,
    shipments,
    shipment_groups: shipmentGroups,
    line_progress: lineProgress,
    actions: deskActions(order.order_status_id),
  };
}

/** What the audit trail records of an order the desk changes: its status and total. */
const auditedOrder = (o: OrderRow) => ({
  status: orderStatusName(o.order_status_id),
  total_order_amount: o.total_order_amount,
});

/**
 * Records the desk's change of a locked order in its transaction: the status and total before and
 * after (read again under the lock), and what the change did (`details`, e.g. the packages).
 */
export async function auditOrder(
  deps: FulfilmentDeps,
  tx: Executor,
  staff: Staff,
  action: string,
  before: OrderRow,
  details: Record<string, unknown>,
) {
  const after = (await deps.orders.lockOrder(tx, before.id, staff.customerId)) ?? before;
  await deps.audit.record(tx, {
    actor: staff,
    kind: "order",
    action,
    recordId: before.id,
    label: `Order #${before.id}`,
    before: auditedOrder(before),
    after: { ...auditedOrder(after), ...details },
  });
}

/** A desk change: the facts it records beside the order's status (the note, the packages, …). */
export type OrderChange = (tx: Executor, order: OrderRow) => Promise<Record<string, unknown>>;

/** Runs a change on one order, locked for the transaction, and records it; answers the order as it then stands. */
export async function changeOrder(
  deps: FulfilmentDeps,
  staff: Staff,
  orderId: number,
  action: string,
  change: OrderChange,
): Promise<DeskOrder> {
  await inRetriedTransaction(deps.db, async (tx) => {
    const order = await deps.orders.lockOrder(tx, orderId, staff.customerId);
    if (!order) throw notFound(orderId);
    // A destroy order is no shipment: no Ship, Cancel, back order or status change (decision 027).
    if (order.is_destroy)
      throw new AppError("DESTROY_ORDER_FINAL", `Order #${order.id}: ${MESSAGES.destroyOrderFinal}`);
    if (isFinalStatus(order.order_status_id)) throw frozen(order);
    const details = await change(tx, order);
    await auditOrder(deps, tx, staff, action, order, details);
  });
  return getOrder(deps, staff, orderId);
}
