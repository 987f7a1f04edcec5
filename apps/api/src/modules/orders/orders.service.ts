import { createHash } from "node:crypto";
import {
  clampQuantity,
  DEFAULT_DELIVERY_METHOD,
  displayProductName,
  FORBIDDEN_DELIVERY_METHOD_ID,
  formatPst,
  hasShippingFields,
  isFinalStatus,
  MESSAGES,
  ORDER_STATUS,
  ORDER_STATUS_CANCELLED,
  ORDER_STATUS_DESTROYED,
  ORDER_TYPE_ONLINE,
  ORDER_TYPES,
  type OrderAmounts,
  type OrderDetail,
  PAYMENT_METHOD_ON_INVOICE,
  PAYMENT_METHODS,
  type PlaceOrderBody,
  PORTAL_TIME_ZONE,
  QUICKBOOKS_TYPE_DESTROYABLE,
  type Quote,
  type QuoteRequest,
  type Shipment,
  type StatusEvent,
  USER_LEVEL,
} from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { canOrder, cartItemOf, isInInventory, productScopeFor, productsByIds } from "../catalog/catalog.service.ts";
import { changeStock } from "../inventory/stock.ts";
import * as repo from "./orders.repository.ts";
import * as placing from "./placing.repository.ts";
import { checkOrder, methodNotAllowed, placedOrderRows, refuseDuplicateProducts, writeRefusal } from "./placing.ts";
import { orderAmounts, quoteCart, unitPriceFor } from "./pricing.ts";
import { inRetriedTransaction, withRetries } from "./retry.ts";

/** A key whose first request has stored no order (yet). */
const KEY_IN_USE = "This order is already being placed. Please wait a moment.";

/** JSON with the keys of every object sorted and undefined members left out: one text per request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 of the parsed request (after the contract's schema: unknown fields gone, text trimmed). */
export const requestHash = (input: unknown) => createHash("sha256").update(canonicalJson(input)).digest("hex");

type OrderRow = repo.OrderRow;
type OrderLineRow = repo.OrderLineRow;

/** The text for an order that has shipped, was cancelled, or is in another status: refusals name which. */
export function byFinalStatus(statusId: number, texts: { shipped: string; cancelled: string; other: string }) {
  if (statusId === ORDER_STATUS.SHIPPED) return texts.shipped;
  return statusId === ORDER_STATUS_CANCELLED.id ? texts.cancelled : texts.other;
}

/** Packs of a line that are not cancelled. */
export const remainingOf = (line: Pick<OrderLineRow, "quantity" | "cancelled_quantity">) =>
  line.quantity - line.cancelled_quantity;

/** A person as the portal names them: first and last name, else the practice. */
export const personName = (p: { first_name: string | null; last_name: string | null; representation: string | null }) =>
  [p.first_name, p.last_name].filter(Boolean).join(" ") || (p.representation ?? "");

const portalDayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: PORTAL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
/** The portal-calendar day of an instant, YYYY-MM-DD. */
export const portalDay = (d: Date) => portalDayFormat.format(d);

/** The ship-to copied onto an order, as the order pages show it. */
export function shipToOf(
  order: Pick<OrderRow, "ship_name" | "ship_line1" | "ship_line2" | "ship_city" | "ship_state" | "ship_zip_code">,
) {
  return {
    name: order.ship_name,
    line1: order.ship_line1,
    line2: order.ship_line2,
    city: order.ship_city,
    state: order.ship_state,
    zip_code: order.ship_zip_code,
  };
}

/**
 * What both the practice's and the staff's order pages show straight from the order row: when it
 * was placed, the contact, the ship-to, the amounts and the shipping.
 */
export function orderSheetOf(order: OrderRow) {
  return {
    created: order.created.toISOString(),
    order_created: formatPst(order.created),
    contact_name: order.contact_name,
    contact_phone: order.contact_phone,
    email: order.email,
    po_number: order.po_number,
    shipping_address: shipToOf(order),
    shipping_instruction: order.shipping_instruction,
    total_items_amount: order.total_items_amount,
    pick_fee_amount: order.pick_fee_amount,
    shipping_amount: order.shipping_amount,
    processing_amount: order.processing_amount,
    tax_amount: order.tax_amount,
    total_order_amount: order.total_order_amount,
    date_shipped: order.date_shipped?.toISOString() ?? null,
    tracking_number: order.tracking_number,
  };
}

const NO_AMOUNTS: OrderAmounts = {
  total_items_amount: 0,
  pick_fee_amount: 0,
  shipping_amount: 0,
  processing_amount: 0,
  tax_amount: 0,
  total_order_amount: 0,
};

/**
 * What an order invoices for the packs still on it (orders/pricing.ts): each line at the price per
 * pack it was ordered at, its pick fee per pack, the order's shipping; nothing at all once every
 * pack is cancelled.
 */
export function amountsOfRemaining(
  lines: readonly Pick<OrderLineRow, "quantity" | "cancelled_quantity" | "unit_price_cents" | "pick_fee_cents">[],
  shippingAmount: number,
): OrderAmounts {
  const left = lines.filter((l) => remainingOf(l) > 0);
  if (!left.length) return NO_AMOUNTS;
  return orderAmounts(
    left.map((l) => {
      const quantity = remainingOf(l);
      return {
        quantity,
        unit_price_cents: l.unit_price_cents,
        total_price_cents: l.unit_price_cents * quantity,
        // Per pack as the report rollups count it (0008's report_line_delta).
        pick_fee_cents: Math.trunc(l.pick_fee_cents / l.quantity) * quantity,
      };
    }),
    shippingAmount,
  );
}

export interface LineCancel {
  line: OrderLineRow;
  quantity: number;
}

/**
 * Cancels packs of an order's lines, in the caller's transaction and on an order row the caller
 * holds locked (FOR UPDATE): restocks them through the ledger (products in id order, the lock
 * order of decision 010), adds them to the lines' cancelled quantities, recomputes the order's
 * amounts over what is left and, when nothing is left, makes the order Cancelled. The caller
 * records the status history and tells the practice. The practice's cancel and the order desk's
 * (issue 11) both come here.
 */
export async function cancelOrderQuantities(
  tx: Executor,
  order: OrderRow,
  lines: readonly OrderLineRow[],
  cancels: readonly LineCancel[],
  by: { userId: number; comment: string },
  operationsEmail: string,
) {
  const sorted = [...cancels].sort((a, b) => a.line.product_id - b.line.product_id || a.line.id - b.line.id);
  for (const { line, quantity } of sorted) {
    if (!(await isInInventory(tx, line.product_id))) continue;
    await changeStock(
      tx,
      {
        productId: line.product_id,
        delta: quantity,
        action: "cancel",
        forbidNegative: false,
        orderId: order.id,
        userId: by.userId,
        comment: by.comment,
      },
      operationsEmail,
    );
  }
  for (const { line, quantity } of sorted) await repo.addCancelledQuantity(tx, line.id, quantity);
  const after = lines.map((l) => {
    const cancelled = cancels.filter((c) => c.line.id === l.id).reduce((n, c) => n + c.quantity, 0);
    return { ...l, cancelled_quantity: l.cancelled_quantity + cancelled };
  });
  const amounts = amountsOfRemaining(after, order.shipping_amount);
  await repo.setOrderAmounts(tx, order.id, amounts);
  const isCancelled = after.every((l) => remainingOf(l) === 0);
  if (isCancelled) await repo.setOrderStatus(tx, order.id, ORDER_STATUS_CANCELLED.id);
  return { lines: after, amounts, isCancelled };
}

/**
 * An order's status timeline and packages, as the practice's and the staff's order pages show them.
 * An order shipped before shipments were recorded shows its tracking numbers without a carrier.
 */
export async function orderTimeline(
  db: Executor,
  order: Pick<OrderRow, "id" | "user_id" | "tracking_number" | "date_shipped">,
): Promise<{ history: StatusEvent[]; shipments: Shipment[] }> {
  const events = await repo.listStatusHistory(db, order.id);
  const packages = await repo.listShipments(db, [order.id]);
  const history = events.map((e) => ({
    order_status: e.order_status,
    order_status_name: e.order_status_name,
    created: e.created.toISOString(),
    user_name: personName(e),
    by_staff: e.user_id !== order.user_id,
    note: e.note,
  }));
  const shipments: Shipment[] = packages.length
    ? packages.map(({ carrier, tracking_number, shipped_on }) => ({ carrier, tracking_number, shipped_on }))
    : legacyShipments(order);
  return { history, shipments };
}

/** Tracking numbers an order kept in orders.tracking_number alone (demo or imported history). */
function legacyShipments(order: Pick<OrderRow, "tracking_number" | "date_shipped">): Shipment[] {
  return (order.tracking_number ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)
    .map((tracking_number) => ({
      carrier: null,
      tracking_number,
      shipped_on: order.date_shipped ? portalDay(order.date_shipped) : null,
    }));
}

/** The names beside an order on its pages: customer, orderer, status, delivery method, department, cost center. */
export const orderNames = (db: Executor, orderId: number) => repo.findOrderNames(db, orderId);

/** An order's lines, in the order they were placed. */
export const orderLines = (db: Executor, orderId: number) => repo.listOrderLines(db, orderId);

export function createOrdersService(db: Database, config: Config) {
  /**
   * Which orders a user may read: own; a Manager signed in by password the department's; an
   * administrator all (DESIGN §5). Address sessions see only their own practice's (decision 012).
   */
  function readableBy(user: SessionUser): repo.OrderReader {
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

  /**
   * SPEC §6: the admin user gets the customer's list; everyone else UPS Ground. Never 43. "Admin"
   * means administrator rights from a password session, never the user id alone (decision 012).
   */
  async function deliveryMethodsFor(user: SessionUser) {
    const list = await repo.listCustomerDeliveryMethods(db, config.CUSTOMER_ID);
    const allowed = user.isAdmin ? list : list.filter((m) => m.id === DEFAULT_DELIVERY_METHOD.id);
    return allowed.filter((m) => m.id !== FORBIDDEN_DELIVERY_METHOD_ID);
  }

  /**
   * What a request gets whose Idempotency-Key was taken already (DESIGN §6): the key used before with
   * this same request gives back its order; with another request it is refused (422, as the IETF
   * idempotency-key draft asks). Keys stored before request hashes existed (null) keep answering
   * with their order.
   */
  function answerTakenKey(taken: { orderId: number | null; requestHash: string | null }, hash: string) {
    if (taken.requestHash !== null && taken.requestHash !== hash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
    if (taken.orderId) return { id: taken.orderId, replayed: true };
    throw new AppError("CONFLICT", KEY_IN_USE);
  }

  /** Claims the Idempotency-Key first thing in a destroy order's transaction; without a key there is nothing to claim. */
  async function claimKey(tx: Executor, userId: number, key: string | undefined, input: PlaceOrderBody) {
    if (!key) return {};
    const hash = requestHash(input);
    const claim = await repo.claimIdempotencyKey(tx, userId, key, hash);
    if (claim.claimed) return { keyId: claim.keyId };
    return { replay: answerTakenKey(claim, hash) };
  }

  /**
   * A destroy order (SPEC §4): administrators only, destroy lines only, each for the whole stock of
   * an in-inventory product of type 5. It ships nothing and costs nothing; 'destroy' ledger rows
   * take the stock to zero. Each balance is taken only if it is still the stock being destroyed, so
   * concurrent destroys (or a sale in between) can never take it below zero: the later one is
   * refused with CONFLICT. The Idempotency-Key works as for any order. Nobody is contacted and
   * nothing ships (issue 11): the contact and delivery method may be left out and come from the
   * user and the first delivery method they may use; no address is asked for or used.
   */
  async function placeDestroyOrder(user: SessionUser, input: PlaceOrderBody, idempotencyKey?: string) {
    if (!input.items.every((i) => i.is_destroy)) {
      throw new AppError("VALIDATION_FAILED", MESSAGES.destroyOnlyCart, { items: MESSAGES.destroyOnlyCart });
    }
    if (!user.isAdmin) throw new AppError("FORBIDDEN", "Only administrators can destroy stock.");
    const methods = await deliveryMethodsFor(user);
    const method =
      input.delivery_method_id === undefined ? methods[0] : methods.find((m) => m.id === input.delivery_method_id);
    if (!method) throw new AppError("DELIVERY_METHOD_NOT_ALLOWED");
    const orderer = await repo.findOrderer(db, user.userId);
    if (!orderer) throw new AppError("UNAUTHENTICATED");
    const ordererName =
      [orderer.first_name, orderer.last_name].filter(Boolean).join(" ") || orderer.representation || "Staff";
    const scope = await productScopeFor(db, config, user);
    return inRetriedTransaction(db, async (tx) => {
      const key = await claimKey(tx, user.userId, idempotencyKey, input);
      if (key.replay) return key.replay;
      const found = await productsByIds(
        tx,
        scope,
        input.items.map((i) => i.id),
      );
      const fields: Record<string, string> = {};
      for (const item of input.items) {
        const p = found.find((x) => x.id === item.id);
        if (!p?.is_in_inventory || p.quickbooks_type_id !== QUICKBOOKS_TYPE_DESTROYABLE) {
          fields[`items.${item.id}`] = "Only in-inventory products of the obsolete type can be destroyed.";
        } else if (item.quantity !== p.actual_inventory) {
          fields[`items.${item.id}`] =
            `The stock of ${p.name} changed to ${p.actual_inventory} packs; destroy it again.`;
        }
      }
      if (Object.keys(fields).length) throw new AppError("CONFLICT", Object.values(fields).join(" "), fields);
      const order = await repo.insertOrder(tx, {
        customer_id: user.customerId,
        user_id: user.userId,
        // Done when placed: the stock is written off below; nothing ships, nothing can be cancelled.
        order_status_id: ORDER_STATUS_DESTROYED.id,
        order_type_id: ORDER_TYPE_ONLINE,
        payment_method_id: PAYMENT_METHOD_ON_INVOICE,
        delivery_method_id: method.id,
        is_destroy: true,
        contact_name: input.contact_name ?? ordererName,
        contact_phone: input.contact_phone ?? orderer.phone ?? "",
        email: input.email ?? orderer.email ?? "",
        shipping_instruction: input.shipping_instruction || "Destroy stock: nothing ships",
        shipping_address_id: null,
        ship_name: "Warehouse (destroyed in stock)",
        ship_line1: "No shipment",
        ship_city: "",
        ship_state: "",
        ship_zip_code: "",
      });
      for (const item of [...input.items].sort((a, b) => a.id - b.id)) {
        const balance = await changeStock(
          tx,
          {
            productId: item.id,
            delta: -item.quantity,
            action: "destroy",
            forbidNegative: false,
            expectedBalance: item.quantity,
            orderId: order.id,
            userId: user.userId,
            comment: "Destroyed",
          },
          config.OPERATIONS_EMAIL,
        );
        if (balance === undefined) {
          const name = found.find((p) => p.id === item.id)?.name ?? String(item.id);
          const message = `The stock of ${name} changed while it was being destroyed; destroy it again.`;
          throw new AppError("CONFLICT", message, { [`items.${item.id}`]: message });
        }
      }
      await repo.insertOrderLines(
        tx,
        input.items.map((item) => ({
          order_id: order.id,
          product_id: item.id,
          product_name: found.find((p) => p.id === item.id)?.name ?? String(item.id),
          quantity: item.quantity,
          unit_price_cents: 0,
          total_price_cents: 0,
        })),
      );
      await repo.insertStatus(tx, order.id, ORDER_STATUS_DESTROYED.id, user.userId, "Destroy order: stock destroyed");
      await placing.removeOrderedCartLines(
        tx,
        user.userId,
        input.items.map((i) => i.id),
      );
      if (key.keyId !== undefined) await repo.setIdempotencyOrder(tx, key.keyId, order.id);
      return { id: order.id, replayed: false };
    });
  }

  const cancelDeadline = (created: Date) => new Date(created.getTime() + config.CANCEL_WINDOW_HOURS * 3_600_000);

  return {
    deliveryMethodsFor,

    async getCustomer(user: SessionUser) {
      const customer = await repo.findCustomer(db, config.CUSTOMER_ID);
      if (!customer) throw new AppError("NOT_FOUND");
      const [methods, costCenters] = await Promise.all([
        deliveryMethodsFor(user),
        placing.findCheckoutCostCenters(db, user.userId),
      ]);
      return {
        id: customer.id,
        name: customer.name,
        delivery_methods: methods.map(({ id, name, remarks }) => ({ id, name, remarks })),
        cost_centers: costCenters.list,
        // Required only when there is one to choose: a department without any cannot comply.
        cost_center_required: costCenters.required && costCenters.list.length > 0,
      };
    },

    /**
     * The price of a cart before it is ordered (issue 11): per line the quantity the portal would
     * accept and why it differs, its unit price and total, then pick fees, shipping (once the
     * delivery method is known: the chosen one, or the only one offered), processing, tax and the
     * total — priced by the code that prices a placed order (pricing.ts priceOrder), so the receipt
     * shows the quoted total. Lines the user may not order are listed at quantity 0.
     */
    async quote(user: SessionUser, input: QuoteRequest): Promise<Quote> {
      const isDestroy = input.items.some((i) => i.is_destroy);
      if (isDestroy && !input.items.every((i) => i.is_destroy)) {
        throw new AppError("VALIDATION_FAILED", MESSAGES.destroyOnlyCart, { items: MESSAGES.destroyOnlyCart });
      }
      refuseDuplicateProducts(input.items, "a cart");
      const ids = input.items.map((i) => i.id);
      const methods = await deliveryMethodsFor(user);
      const chosen = input.delivery_method_id;
      const method =
        chosen === undefined ? (methods.length === 1 ? methods[0] : undefined) : methods.find((m) => m.id === chosen);
      if (chosen !== undefined && !method) throw methodNotAllowed();
      const scope = await productScopeFor(db, config, user);
      const read = await placing.readForQuote(db, { scope, productIds: ids });
      return quoteCart({
        items: input.items,
        products: read.products.map((p) => ({ ...p, name: displayProductName(p.name, p.product_category_id) })),
        ranges: read.ranges,
        // A destroy order ships nothing and costs nothing (SPEC §4).
        shippingCents: isDestroy ? 0 : (method?.shipping_cents ?? null),
        deliveryMethodId: method?.id ?? null,
        isDestroy,
      });
    },

    /**
     * Places an order (DESIGN §6): every line re-validated, stock taken through the ledger without
     * ever going below zero where forbidden, amounts computed here, the confirmation queued in the
     * outbox — all in one statement, so all or nothing (placing.repository, docs/decisions/018).
     * With an Idempotency-Key a retry returns the first order and the same key with another request
     * is refused: a request that cannot be placed first looks for its key, whose answer wins. An
     * attempt the server aborts (deadlock or serialization failure) is run again from the start, a
     * bounded number of times.
     */
    async placeOrder(user: SessionUser, body: PlaceOrderBody, idempotencyKey?: string, now = new Date()) {
      if (body.items.some((i) => i.is_destroy)) return placeDestroyOrder(user, body, idempotencyKey);
      // PlaceOrderBodySchema lets only a destroy order leave the contact and delivery method out.
      if (!hasShippingFields(body)) throw new AppError("VALIDATION_FAILED");
      const input = body;
      const method = (await deliveryMethodsFor(user)).find((m) => m.id === input.delivery_method_id);
      if (!method) throw methodNotAllowed();
      refuseDuplicateProducts(input.items, "an order");
      const scope = await productScopeFor(db, config, user);
      const key = idempotencyKey
        ? { userId: user.userId, key: idempotencyKey, requestHash: requestHash(input) }
        : undefined;
      /** The answer of the key when it was used before, else the refusal. */
      const refuse = async (refusal: AppError) => {
        if (key) {
          const taken = await repo.findIdempotencyKey(db, key.userId, key.key);
          if (taken) return answerTakenKey(taken, key.requestHash);
        }
        throw refusal;
      };

      return withRetries(async () => {
        const read = await placing.readForOrder(db, {
          userId: user.userId,
          addressId: input.shipping_address_id,
          scope,
          productIds: input.items.map((i) => i.id),
        });
        const checked = checkOrder(input, read, method, now);
        if ("refusal" in checked) return refuse(checked.refusal);
        const placed = placedOrderRows(user, input, read, method, checked.order);
        const written = await placing.writePlacedOrder(db, {
          ...placed.rows,
          key,
          operationsEmail: config.OPERATIONS_EMAIL,
        });
        if (written.placed) return { id: read.order_id, replayed: false };
        return refuse(writeRefusal(written.refused, placed.lines, KEY_IN_USE));
      });
    },

    async listOrders(
      user: SessionUser,
      filter: { limit: number; offset: number; order_status_id?: number; date_from?: string; date_to?: string },
    ) {
      if (filter.date_from && filter.date_to && filter.date_from > filter.date_to) {
        throw new AppError("VALIDATION_FAILED", MESSAGES.dateRange, { date_to: MESSAGES.dateRange });
      }
      const { rows, total } = await repo.listOrders(
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
      const packages = await repo.listShipments(
        db,
        rows.map((r) => r.id),
      );
      return {
        rows: rows.map(({ tracking_number, ...r }) => {
          const own = packages.filter((p) => p.order_id === r.id);
          return {
            ...r,
            created: r.created.toISOString(),
            date_shipped: r.date_shipped?.toISOString() ?? null,
            shipments: own.length
              ? own.map(({ carrier, tracking_number, shipped_on }) => ({ carrier, tracking_number, shipped_on }))
              : legacyShipments({ tracking_number, date_shipped: r.date_shipped }),
          };
        }),
        total,
      };
    },

    async getOrder(user: SessionUser, id: number, now = new Date()): Promise<OrderDetail> {
      const order = await repo.findOrder(db, id, readableBy(user));
      if (!order) throw new AppError("NOT_FOUND", "This order does not exist or is not yours to see.");
      const names = await repo.findOrderNames(db, id);
      const lines = await repo.listOrderLines(db, id);
      const { history, shipments } = await orderTimeline(db, order);
      const cancelled =
        order.order_status_id === ORDER_STATUS_CANCELLED.id
          ? history.findLast((e) => e.order_status === ORDER_STATUS_CANCELLED.id)
          : undefined;
      const isOpen = !isFinalStatus(order.order_status_id);
      const deadline = cancelDeadline(order.created);
      const canCancel = mayCancel(user, order) && order.order_status_id === ORDER_STATUS.ACTIVE && now < deadline;
      return {
        id: order.id,
        customer_id: order.customer_id,
        customer_name: names?.customer_name ?? "",
        user_id: order.user_id,
        user_name: [names?.first_name, names?.last_name].filter(Boolean).join(" ") || (names?.representation ?? ""),
        order_status: order.order_status_id,
        order_status_name: names?.order_status_name ?? "",
        order_type_name: ORDER_TYPES.find((t) => t.id === order.order_type_id)?.name ?? "",
        delivery_method_name: names?.delivery_method_name ?? "",
        payment_method_name: PAYMENT_METHODS.find((m) => m.id === order.payment_method_id)?.name ?? "",
        ...orderSheetOf(order),
        cost_center_name: names?.cost_center_name ?? null,
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
        can_cancel: canCancel,
        cancel_deadline: order.order_status_id === ORDER_STATUS.ACTIVE ? deadline.toISOString() : null,
        can_reorder: order.order_status_id === ORDER_STATUS.SHIPPED,
        status_history: history,
        shipments,
        cancelled_at: cancelled?.created ?? null,
        cancelled_by: cancelled ? cancelled.user_name || null : null,
      };
    },

    /**
     * Cancels an Active order within the cancel window and restocks every line through the ledger:
     * the user's own, or a department's for its Manager signed in by password. The server enforces
     * ownership, status and window (DESIGN §6).
     */
    async cancelOrder(user: SessionUser, orderId: number, now = new Date()) {
      const department = readableBy(user).departmentId;
      return inRetriedTransaction(db, async (tx) => {
        const order =
          (await repo.findOrder(tx, orderId, { customerId: user.customerId, userId: user.userId }, true)) ??
          (department === undefined
            ? undefined
            : await repo.findOrder(tx, orderId, { customerId: user.customerId, departmentId: department }, true));
        if (!order) throw new AppError("NOT_FOUND", "This order does not exist or is not yours to cancel.");
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
        if (now >= cancelDeadline(order.created)) {
          throw new AppError(
            "CANCEL_WINDOW_CLOSED",
            `Orders can be cancelled within ${config.CANCEL_WINDOW_HOURS} hours of being placed; this one can no longer be cancelled. Please contact Customer Service.`,
          );
        }
        const lines = await repo.listOrderLines(tx, orderId);
        await cancelOrderQuantities(
          tx,
          order,
          lines,
          lines.filter((l) => remainingOf(l) > 0).map((line) => ({ line, quantity: remainingOf(line) })),
          { userId: user.userId, comment: "Order cancelled by the customer" },
          config.OPERATIONS_EMAIL,
        );
        const note =
          order.user_id === user.userId ? "Cancelled by the customer" : "Cancelled by the department's manager";
        await repo.insertStatus(tx, orderId, ORDER_STATUS_CANCELLED.id, user.userId, note);
        return {
          id: orderId,
          order_status: ORDER_STATUS_CANCELLED.id,
          order_status_name: ORDER_STATUS_CANCELLED.name,
        };
      });
    },

    /**
     * The lines of a Shipped order as cart lines, adjusted to today's min/max and stock; lines that
     * can no longer be ordered are listed with the reason.
     */
    async reorder(user: SessionUser, orderId: number) {
      const order = await repo.findOrder(db, orderId, readableBy(user));
      if (!order) throw new AppError("NOT_FOUND", "This order does not exist or is not yours to see.");
      if (order.order_status_id !== ORDER_STATUS.SHIPPED) {
        throw new AppError("CONFLICT", "Only shipped orders can be reordered.");
      }
      const lines = (await repo.listOrderLines(db, orderId)).filter((l) => l.quantity > l.cancelled_quantity);
      const scope = await productScopeFor(db, config, user);
      const found = await productsByIds(
        db,
        scope,
        lines.map((l) => l.product_id),
      );
      const ranges = await repo.listPriceRanges(
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
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
