import {
  clampQuantity,
  isFinalStatus,
  MESSAGES,
  ORDER_STATUS,
  ORDER_TYPES,
  type OrderDetail,
  orderStatusName,
  PAYMENT_METHODS,
  productionStatusName,
  USER_LEVEL,
} from "@vetportal/contract";
import { inRetriedTransaction } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { canOrder, cartItemOf } from "../catalog/catalog.service.ts";
import { cancelOrderQuantities } from "./order-cancel.ts";
import * as lists from "./order-list.repository.ts";
import type { OrderPageLine } from "./order-page.repository.ts";
import {
  byFinalStatus,
  legacyShipments,
  type OrderRow,
  orderSheetOf,
  readOrder,
  shipmentsOf,
  unshippedOf,
} from "./order-read-model.ts";
import * as repo from "./orders.repository.ts";
import type { OrdersDeps } from "./orders-deps.ts";
import { unitPriceFor } from "./pricing.ts";

/*
 * A practice's own orders (My Orders, the order page, cancel, reorder), read through the order read
 * model the order desk shares.
 */

/**
 * Which orders a user may read: own; a Manager signed in by password the department's; an
 * administrator all (DESIGN §5). Address sessions see only their own practice's (decision 012).
 */
export function readableBy(user: SessionUser): repo.OrderReader {
  const customerId = user.customerId;
  if (user.isAdmin) return { customerId };
  if (user.authMethod === "password" && user.userLevelId === USER_LEVEL.MANAGER && user.departmentId !== null)
    return { customerId, departmentId: user.departmentId };
  return { customerId, userId: user.userId };
}

/**
 * Whether a user may cancel an order they can read: their own, or, for a Manager signed in by
 * password, any of the department's (docs/security.md, DESIGN §5). Administrators cancel other
 * people's orders on the order desk.
 */
const mayCancel = (user: SessionUser, order: { user_id: number }) =>
  order.user_id === user.userId || readableBy(user).departmentId !== undefined;

/** The cancel window starts when the order is placed, or when it is approved if it needed approval (decision 040). */
const cancelDeadline = ({ settings }: OrdersDeps, order: Pick<OrderRow, "created" | "approved_at">) =>
  new Date((order.approved_at ?? order.created).getTime() + settings.CANCEL_WINDOW_HOURS * 3_600_000);

export async function listOrders(
  { db }: OrdersDeps,
  user: SessionUser,
  filter: { limit: number; offset: number; order_status_id?: number; date_from?: string; date_to?: string },
) {
  if (filter.date_from && filter.date_to && filter.date_from > filter.date_to) {
    throw new AppError("VALIDATION_FAILED", MESSAGES.dateRange, { date_to: MESSAGES.dateRange });
  }
  const { rows, total } = await lists.listOrders(
    db,
    readableBy(user),
    {
      orderStatusId: filter.order_status_id,
      fromDay: filter.date_from,
      toDay: filter.date_to,
    },
    filter.limit,
    filter.offset,
  );
  return {
    rows: rows.map((r) => {
      // JSON carries the timestamps as text; a Date keeps the driver's millisecond ISO form.
      const dateShipped = r.date_shipped === null ? null : new Date(r.date_shipped);
      return {
        id: r.id,
        user_first_name: r.first_name,
        user_last_name: r.last_name,
        shipping_instruction: r.shipping_instruction,
        created: new Date(r.created).toISOString(),
        order_status: r.order_status,
        order_status_name: r.order_status_name,
        total_order_amount: r.total_order_amount,
        date_shipped: dateShipped?.toISOString() ?? null,
        shipments: r.shipments.length
          ? shipmentsOf(r.shipments)
          : legacyShipments({ tracking_number: r.tracking_number, date_shipped: dateShipped }),
      };
    }),
    total,
  };
}

/** The lines still on an order and the ones cancelled, as the practice's order page lists them. */
function linesOf(lines: readonly OrderPageLine[], isOpen: boolean) {
  return {
    order_products: lines
      .filter((l) => l.quantity > l.cancelled_quantity)
      .map((l) => ({
        id: l.id,
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.quantity - l.cancelled_quantity,
        unit_price_cents: l.unit_price_cents,
        total_price_cents: l.unit_price_cents * (l.quantity - l.cancelled_quantity),
        estimated_delivery_date: l.estimated_delivery_date,
        backorder_expected_date: isOpen ? l.backorder_expected_date : null,
        shipped_quantity: l.shipped_quantity,
        // While packs are left to make: the production status (issue 24 §4).
        production_status_name: unshippedOf(l) > 0 ? productionStatusName(l.production_status_id) : null,
      })),
    cancel_products: lines
      .filter((l) => l.cancelled_quantity > 0)
      .map((l) => ({
        order_product_id: l.id,
        product_id: l.product_id,
        product_name: l.product_name,
        quantity: l.cancelled_quantity,
        estimated_delivery_date: l.estimated_delivery_date,
        unit_price_cents: l.unit_price_cents,
        total_price_cents: l.unit_price_cents * l.cancelled_quantity,
      })),
  };
}

export async function getOrder(
  deps: OrdersDeps,
  user: SessionUser,
  id: number,
  now = new Date(),
): Promise<OrderDetail> {
  const read = await readOrder(deps.db, id, readableBy(user));
  if (!read) throw new AppError("NOT_FOUND", "This order does not exist or is not yours to see.");
  const { order, names, lines, history, shipments, shipmentGroups, lineProgress, placedBy } = read;
  // Only an order placed Pending Approval has an approval to show (a second statement, for those alone).
  const approval = history.some((e) => e.order_status === ORDER_STATUS.PENDING_APPROVAL)
    ? await deps.approvals.orderApproval(order.customer_id, order.id)
    : null;
  const cancelled =
    order.order_status_id === ORDER_STATUS.CANCELLED
      ? history.findLast((e) => e.order_status === ORDER_STATUS.CANCELLED)
      : undefined;
  const deadline = cancelDeadline(deps, order);
  const canCancel = mayCancel(user, order) && order.order_status_id === ORDER_STATUS.ACTIVE && now < deadline;
  return {
    id: order.id,
    customer_id: order.customer_id,
    customer_name: names.customer_name,
    user_id: order.user_id,
    user_name: [names.first_name, names.last_name].filter(Boolean).join(" ") || (names.representation ?? ""),
    order_status: order.order_status_id,
    order_status_name: names.order_status_name,
    order_type_name: ORDER_TYPES.find((t) => t.id === order.order_type_id)?.name ?? "",
    delivery_method_name: names.delivery_method_name,
    payment_method_name: PAYMENT_METHODS.find((m) => m.id === order.payment_method_id)?.name ?? "",
    ...orderSheetOf(order),
    cost_center_name: names.cost_center_name,
    ...linesOf(lines, !isFinalStatus(order.order_status_id)),
    can_cancel: canCancel,
    cancel_deadline: order.order_status_id === ORDER_STATUS.ACTIVE ? deadline.toISOString() : null,
    can_reorder: order.order_status_id === ORDER_STATUS.SHIPPED,
    status_history: history,
    shipments,
    shipment_groups: shipmentGroups,
    line_progress: lineProgress,
    placed_by: placedBy,
    cancelled_at: cancelled?.created ?? null,
    cancelled_by: cancelled ? cancelled.user_name || null : null,
    approval,
  };
}

/** Why an order cannot be cancelled by the practice now, if it cannot. */
function refuseCancel(deps: OrdersDeps, order: OrderRow, now: Date) {
  // Its stock is gone: a cancel would put destroyed packs back on the shelf (decision 027).
  if (order.is_destroy) throw new AppError("DESTROY_ORDER_FINAL");
  if (order.order_status_id !== ORDER_STATUS.ACTIVE) {
    const reason = byFinalStatus(order.order_status_id, {
      shipped: "it has shipped",
      cancelled: "it was cancelled already",
      other: "it is already being processed",
    });
    throw new AppError(
      "CANCEL_WINDOW_CLOSED",
      `Only active orders can be cancelled; ${reason}. Please contact Customer Service.`,
    );
  }
  if (now >= cancelDeadline(deps, order)) {
    throw new AppError(
      "CANCEL_WINDOW_CLOSED",
      `Orders can be cancelled within ${deps.settings.CANCEL_WINDOW_HOURS} hours of being placed; this one can no longer be cancelled. Please contact Customer Service.`,
    );
  }
}

/**
 * Cancels an Active order within the cancel window and restocks every line through the ledger:
 * the user's own, or a department's for its Manager signed in by password. The server enforces
 * ownership, status and window (DESIGN §6).
 */
export async function cancelOrder(deps: OrdersDeps, user: SessionUser, orderId: number, now = new Date()) {
  const department = readableBy(user).departmentId;
  return inRetriedTransaction(deps.db, async (tx) => {
    const order =
      (await repo.findOrder(tx, orderId, { customerId: user.customerId, userId: user.userId }, true)) ??
      (department === undefined
        ? undefined
        : await repo.findOrder(tx, orderId, { customerId: user.customerId, departmentId: department }, true));
    if (!order) throw new AppError("NOT_FOUND", "This order does not exist or is not yours to cancel.");
    refuseCancel(deps, order, now);
    const lines = await repo.listOrderLines(tx, orderId);
    await cancelOrderQuantities(
      deps,
      tx,
      order,
      lines,
      lines.filter((l) => unshippedOf(l) > 0).map((line) => ({ line, quantity: unshippedOf(line) })),
      { userId: user.userId, comment: "Order cancelled by the customer" },
    );
    const note = order.user_id === user.userId ? "Cancelled by the customer" : "Cancelled by the department's manager";
    await repo.insertStatus(tx, orderId, ORDER_STATUS.CANCELLED, user.userId, note);
    return {
      id: orderId,
      order_status: ORDER_STATUS.CANCELLED,
      order_status_name: orderStatusName(ORDER_STATUS.CANCELLED),
    };
  });
}

/**
 * The lines of a Shipped order as cart lines, adjusted to today's min/max and stock; lines that
 * can no longer be ordered are listed with the reason.
 */
export async function reorder(deps: OrdersDeps, user: SessionUser, orderId: number) {
  const { db, catalog } = deps;
  const order = await repo.findOrder(db, orderId, readableBy(user));
  if (!order) throw new AppError("NOT_FOUND", "This order does not exist or is not yours to see.");
  if (order.order_status_id !== ORDER_STATUS.SHIPPED) {
    throw new AppError("CONFLICT", "Only shipped orders can be reordered.");
  }
  const lines = (await repo.listOrderLines(db, orderId)).filter((l) => l.quantity > l.cancelled_quantity);
  const scope = catalog.scopeFor(user);
  const found = await catalog.productsByIds(
    db,
    scope,
    lines.map((l) => l.product_id),
  );
  const ranges = await catalog.priceRanges(
    db,
    found.map((p) => p.id),
  );
  const items = [];
  const dropped = [];
  for (const line of lines) {
    const p = found.find((x) => x.id === line.product_id);
    if (!p) {
      dropped.push({ product_id: line.product_id, product_name: line.product_name, reason: "no longer available" });
      continue;
    }
    if (!canOrder(p)) {
      dropped.push({ product_id: p.id, product_name: line.product_name, reason: "out of stock" });
      continue;
    }
    const wanted = line.quantity - line.cancelled_quantity;
    let quantity = clampQuantity(wanted, p);
    let note: string | null = null;
    if (quantity !== wanted)
      note = `Quantity changed from ${wanted} to ${quantity} (order between ${p.min_quantity} and ${p.max_quantity} packs).`;
    if (p.is_in_inventory && p.no_order_below_zero_inventory && p.actual_inventory < quantity) {
      if (p.actual_inventory < p.min_quantity) {
        dropped.push({ product_id: p.id, product_name: line.product_name, reason: "not enough stock" });
        continue;
      }
      note = `Quantity changed from ${wanted} to ${p.actual_inventory}: only ${p.actual_inventory} packs in stock.`;
      quantity = p.actual_inventory;
    }
    const price = unitPriceFor(
      ranges.filter((r) => r.product_id === p.id),
      quantity,
    );
    items.push({ ...cartItemOf(p, quantity, price, false), note });
  }
  return { items, dropped };
}
