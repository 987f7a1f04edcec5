import {
  displayProductName,
  ORDER_STATUS,
  ORDER_TYPE_ONLINE,
  PAYMENT_METHOD,
  type PlaceOrderRequest,
  settleQuantity,
} from "@vetportal/contract";
import { AppError } from "../../lib/app-error.ts";
import { addBusinessDays, isoDay } from "../../lib/business-days.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { OrderedProduct, OrderPriceRange } from "../catalog/catalog.service.ts";
import { canOrder } from "../catalog/catalog.service.ts";
import type { OutgoingEmail } from "../mail/mail.service.ts";
import { ccOtherThan, orderConfirmationMail } from "../mail/templates.ts";
import { shippingProblem } from "../practices/practices.service.ts";
import type { listCustomerDeliveryMethods } from "./checkout.repository.ts";
import { firstProductionStatus, lineShipDay, salesOf } from "./made-to-order.ts";
import type { orderReader } from "./placing.repository.ts";
import { priceOrder, quantityRuleOf } from "./pricing.ts";

/*
 * The steps of placing an ordinary order (DESIGN §6), as pure functions over what
 * placing.repository read: check the ship-to, check every line and the cost center, price the
 * lines, build the rows and the confirmation that placing.repository writes in one statement, and
 * name the refusal when the write placed nothing. orders.service placeOrder runs them in order.
 */

/** What placing an order reads in one statement (placing.repository orderReader). */
export type OrderRead = Awaited<ReturnType<ReturnType<typeof orderReader>>>;
/** A delivery method the user may choose, with its shipping charge and delivery time. */
export type DeliveryMethod = Awaited<ReturnType<typeof listCustomerDeliveryMethods>>[number];

/** A line of an order being placed: the product, its price ranges, the quantity and its estimated days. */
export interface OrderLine {
  product: OrderedProduct;
  name: string;
  ranges: OrderPriceRange[];
  quantity: number;
  shipDay: Date;
  deliveryDay: Date;
}

type RefusalCode =
  | "PRODUCT_UNAVAILABLE"
  | "BELOW_MIN_QUANTITY"
  | "ABOVE_MAX_QUANTITY"
  | "QUANTITY_NOT_OFFERED"
  | "OUT_OF_STOCK"
  | "VALIDATION_FAILED";

/** The refusal of a chosen delivery method the user may not use. */
export const methodNotAllowed = () =>
  new AppError("DELIVERY_METHOD_NOT_ALLOWED", undefined, {
    delivery_method_id: "This delivery method is not available for your account.",
  });

/** Refuses a cart or order that names a product twice. */
export function refuseDuplicateProducts(items: readonly { id: number }[], what: "a cart" | "an order") {
  const ids = items.map((i) => i.id);
  if (new Set(ids).size !== ids.length) {
    throw new AppError("VALIDATION_FAILED", `Each product may appear only once in ${what}.`, {
      items: "Duplicate product",
    });
  }
}

/**
 * Why the order cannot go to the chosen address, or to this user: no such address of theirs, the
 * user is gone, or an address stored before addresses were checked (issue 11), which can be chosen
 * but never shipped to.
 */
function shipToRefusal(read: OrderRead): AppError | null {
  if (!read.address) {
    return new AppError("VALIDATION_FAILED", "Choose a delivery address.", {
      shipping_address_id: "Unknown delivery address",
    });
  }
  if (!read.orderer) return new AppError("UNAUTHENTICATED");
  const undeliverable = shippingProblem(read.address);
  if (!undeliverable) return null;
  return new AppError("ADDRESS_NOT_DELIVERABLE", `This delivery address cannot be used: ${undeliverable.message}`, {
    shipping_address_id: undeliverable.message,
  });
}

/** A refusal per field; the first code found is the answer's. */
function refusalList() {
  const fields: Record<string, string> = {};
  let firstCode: RefusalCode | undefined;
  return {
    fail(field: string, code: RefusalCode, message: string) {
      fields[field] = message;
      firstCode ??= code;
    },
    refusal: () => (firstCode ? new AppError(firstCode, Object.values(fields).join(" "), fields) : null),
  };
}

/**
 * Every line re-checked against today's product (SPEC §5): still offered, a quantity the product
 * is sold in, not out of stock; with the day it ships and the day the delivery method brings it.
 */
function checkLines(
  input: PlaceOrderRequest,
  read: OrderRead,
  method: DeliveryMethod,
  now: Date,
  fail: (field: string, code: RefusalCode, message: string) => void,
): OrderLine[] {
  const lines: OrderLine[] = [];
  for (const item of input.items) {
    const p = read.products.find((x) => x.id === item.id);
    if (!p) {
      fail(`items.${item.id}`, "PRODUCT_UNAVAILABLE", "This product is no longer available.");
      continue;
    }
    const name = displayProductName(p.name, p.product_category_id);
    // The quote's rule without its stock cap: stock is checked under the row lock in the write.
    const settled = settleQuantity(item.quantity, { ...quantityRuleOf(p), in_stock: null });
    if (settled.reason === "below_min")
      fail(`items.${p.id}`, "BELOW_MIN_QUANTITY", `${name}: the minimum order is ${p.min_quantity} packs.`);
    else if (settled.reason === "above_max")
      fail(`items.${p.id}`, "ABOVE_MAX_QUANTITY", `${name}: the maximum order is ${p.max_quantity} packs.`);
    else if (settled.reason !== null) fail(`items.${p.id}`, "QUANTITY_NOT_OFFERED", `${name}: ${settled.message}`);
    else if (!p.is_customizable && !canOrder(p)) fail(`items.${p.id}`, "OUT_OF_STOCK", `${name} is out of stock.`);
    const shipDay = lineShipDay(now, p);
    lines.push({
      product: p,
      name,
      ranges: read.ranges.filter((r) => r.product_id === p.id),
      quantity: item.quantity,
      shipDay,
      deliveryDay: addBusinessDays(shipDay, method.max_business_days),
    });
  }
  return lines;
}

/**
 * A cost center of the user's own department (cost_center_departments), when the department asks
 * for one and has some to choose from.
 */
function checkCostCenter(
  input: PlaceOrderRequest,
  read: OrderRead,
  isRequired: boolean,
  fail: (field: string, code: RefusalCode, message: string) => void,
) {
  if (input.cost_center_id !== undefined && !read.costCenterIds.includes(input.cost_center_id)) {
    fail("cost_center_id", "VALIDATION_FAILED", "Choose one of your department's cost centers.");
  } else if (input.cost_center_id === undefined && isRequired && read.costCenterIds.length) {
    fail("cost_center_id", "VALIDATION_FAILED", "Choose a cost center: your department requires one.");
  }
}

/** An order that passed every check: what it ships to, who orders it, its lines. */
export interface CheckedOrder {
  address: NonNullable<OrderRead["address"]>;
  orderer: NonNullable<OrderRead["orderer"]>;
  lines: OrderLine[];
}

/** Checks an order against what was read: the ship-to first, then every line and the cost center. */
export function checkOrder(
  input: PlaceOrderRequest,
  read: OrderRead,
  method: DeliveryMethod,
  now: Date,
): { order: CheckedOrder } | { refusal: AppError } {
  const shipTo = shipToRefusal(read);
  if (shipTo || !read.address || !read.orderer) return { refusal: shipTo ?? new AppError("UNAUTHENTICATED") };
  const { address, orderer } = read;
  const refusals = refusalList();
  const lines = checkLines(input, read, method, now, refusals.fail);
  checkCostCenter(input, read, orderer.cost_center_required, refusals.fail);
  const refusal = refusals.refusal();
  return refusal ? { refusal } : { order: { address, orderer, lines } };
}

/**
 * A checked order priced and made into rows for placing.repository writePlacedOrder: the order with
 * its ship-to and amounts, its lines, its first status, the stock it sells, and its confirmation.
 */
export function placedOrderRows(
  user: SessionUser,
  input: PlaceOrderRequest,
  read: OrderRead,
  method: DeliveryMethod,
  checked: CheckedOrder,
) {
  const { address, orderer } = checked;
  const orderId = read.order_id;
  const priced = priceOrder(checked.lines, method.shipping_cents);
  const amounts = priced.amounts;
  const lines = checked.lines.map((l, i) => ({ ...l, priced: priced.lines[i] as (typeof priced.lines)[number] }));
  const confirmation: OutgoingEmail = {
    kind: "order_confirmation",
    to: [input.email],
    cc: ccOtherThan(read.cc, input.email),
    ...orderConfirmationMail({
      id: orderId,
      contactName: input.contact_name,
      placedAt: read.now,
      lines: lines.map((l) => ({
        quantity: l.priced.quantity,
        name: l.name,
        totalCents: l.priced.total_price_cents,
        deliveryDay: isoDay(l.deliveryDay),
      })),
      amounts,
      address,
      deliveryMethod: method.name,
      shippingInstruction: input.shipping_instruction,
      poNumber: input.po_number || null,
      costCenter: read.cost_centers.find((c) => c.id === input.cost_center_id)?.name ?? null,
    }),
  };
  return {
    lines,
    rows: {
      order: {
        id: orderId,
        customer_id: user.customerId,
        user_id: user.userId,
        placed_by_user_id: user.actingAdminId ?? user.userId,
        department_id: orderer.department_id,
        order_status_id: ORDER_STATUS.ACTIVE,
        order_type_id: ORDER_TYPE_ONLINE,
        payment_method_id: PAYMENT_METHOD.ON_INVOICE,
        delivery_method_id: method.id,
        po_number: input.po_number || null,
        cost_center_id: input.cost_center_id ?? null,
        contact_name: input.contact_name,
        contact_phone: input.contact_phone,
        email: input.email,
        shipping_instruction: input.shipping_instruction || null,
        shipping_address_id: address.id,
        ship_name: address.company ?? address.title ?? orderer.representation ?? input.contact_name,
        ship_line1: address.line1,
        ship_line2: address.line2,
        ship_city: address.city,
        ship_state: address.state,
        ship_zip_code: address.zip_code,
        ship_country: address.country,
        ...amounts,
      },
      lines: lines.map((l) => ({
        order_id: orderId,
        product_id: l.product.id,
        product_name: l.name,
        quantity: l.priced.quantity,
        unit_price_cents: l.priced.unit_price_cents,
        total_price_cents: l.priced.total_price_cents,
        pick_fee_cents: l.priced.pick_fee_cents,
        estimated_ship_date: isoDay(l.shipDay),
        estimated_delivery_date: isoDay(l.deliveryDay),
        production_status_id: firstProductionStatus(l.product),
      })),
      status: { order_id: orderId, order_status_id: ORDER_STATUS.ACTIVE, user_id: user.userId },
      sales: salesOf(
        lines.map((l) => ({ product: l.product, quantity: l.priced.quantity })),
        { action: "sale", forbidNegative: true, orderId, userId: user.userId },
      ),
      confirmation,
    },
  };
}

/** A line of a placed order as writePlacedOrder may refuse it: the product, its name and priced quantity. */
interface RefusableLine {
  product: { id: number; blank_product_id?: number | null };
  name: string;
  priced: { quantity: number };
}

/**
 * Why a write placed nothing: a concurrent order took the stock of a line since it was read (the
 * first such line is named), else the key was taken (by a concurrent request too, now committed).
 */
export function writeRefusal(refused: readonly number[], lines: readonly RefusableLine[], keyInUse: string) {
  // A personalised line's refusal names its blank's stock.
  const line = lines.find(
    (l) => (l.product.blank_product_id ?? l.product.id) === refused[0] || l.product.id === refused[0],
  );
  if (!line) return new AppError("CONFLICT", keyInUse);
  const message = `${line.name}: not enough stock for ${line.priced.quantity} packs.`;
  return new AppError("OUT_OF_STOCK", message, { [`items.${line.product.id}`]: message });
}

/** A line as the approval rules check it: the product, its category, its name and quantity. */
export const approvalLinesOf = (lines: readonly OrderLine[]) =>
  lines.map((l) => ({
    productId: l.product.id,
    categoryId: l.product.product_category_id,
    name: l.name,
    quantity: l.quantity,
  }));

/** The rows of an order that needs approval (decision 040): placed Pending Approval, status 6, not Active. */
export function pendingApprovalRows<R extends ReturnType<typeof placedOrderRows>["rows"]>(rows: R): R {
  return {
    ...rows,
    order: { ...rows.order, order_status_id: ORDER_STATUS.PENDING_APPROVAL },
    status: { ...rows.status, order_status_id: ORDER_STATUS.PENDING_APPROVAL },
  };
}
