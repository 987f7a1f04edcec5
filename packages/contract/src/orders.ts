import { z } from "zod";
import { OrderApprovalSchema } from "./approvals.ts";
import { OrderItemSchema } from "./cart.ts";
import { CheckoutCostCenterSchema } from "./checkout.ts";
import { enumeration } from "./enumeration.ts";
import { MESSAGES } from "./messages.ts";
import { PlacedBySchema } from "./order-for.ts";
import { datesInOrder, dbInt, dbText, IdSchema, IsoDateSchema } from "./primitives.ts";
import { LineProgressSchema, ShipmentGroupSchema, ShipmentSchema, StatusEventSchema } from "./tracking.ts";
import { EmailSchema, PhoneSchema } from "./users.ts";

/**
 * Every order status, declared once (decision 030): the legacy list (SPEC §4; label 16 spelled
 * correctly, DESIGN §7), then Cancelled — an order whose every line was cancelled, which the legacy
 * list does not show — and Destroyed — a destroy order (SPEC §4 "Destroy product", decision 027):
 * its stock is written off when it is placed, so it is final at once; its row comes from migration
 * 0016. The database's reference rows follow this map (decision 029).
 */
const OrderStatuses = enumeration({
  ACTIVE: { id: 1, name: "Active" },
  SHIPPED: { id: 5, name: "Shipped" },
  PENDING_APPROVAL: { id: 6, name: "Pending Approval" },
  PENDING_PAYMENT: { id: 7, name: "Pending Payment" },
  PENDING_PROOF_APPROVAL: { id: 8, name: "Pending Proof Approval" },
  PRINTING: { id: 9, name: "Printing" },
  PRE_PRESS: { id: 10, name: "Pre Press" },
  PLATING: { id: 11, name: "Plating" },
  CUSTOMER_SERVICE: { id: 12, name: "Customer Service" },
  MAILING: { id: 13, name: "Mailing" },
  BINDERY: { id: 14, name: "Bindery" },
  SHIPPING: { id: 15, name: "Shipping" },
  FULFILLMENT: { id: 16, name: "Fulfillment" },
  IN_PRODUCTION: { id: 17, name: "In Production" },
  ON_HOLD: { id: 18, name: "On Hold" },
  BACK_ORDERED: { id: 19, name: "Back Ordered" },
  PENDING_SERVICES_GROUP_APPROVAL: { id: 20, name: "Pending Services Group Approval" },
  PENDING_ARTWORK: { id: 21, name: "Pending Artwork" },
  CANCELLED: { id: 2, name: "Cancelled" },
  DESTROYED: { id: 3, name: "Destroyed" },
});
/** Each status's id by its name: `ORDER_STATUS.ACTIVE`, `ORDER_STATUS.CANCELLED`. */
export const ORDER_STATUS = OrderStatuses.ids;
/** Every status an order can be in: the legacy list, Cancelled and Destroyed. */
export const ALL_ORDER_STATUSES = OrderStatuses.list;
export type OrderStatusId = (typeof ALL_ORDER_STATUSES)[number]["id"];
/** The legacy list (SPEC §4) the enumeration endpoint serves: every status but Cancelled and Destroyed. */
export const ORDER_STATUSES = ALL_ORDER_STATUSES.filter(
  (s) => s.id !== ORDER_STATUS.CANCELLED && s.id !== ORDER_STATUS.DESTROYED,
);
export function orderStatusName(id: number): string {
  return OrderStatuses.name(id) ?? `Status ${id}`;
}

/** Payment methods (SPEC §9); ALL (0) is the filter value for every method, never stored on an order. */
const PaymentMethods = enumeration({ ALL: { id: 0, name: "ALL" }, ON_INVOICE: { id: 1, name: "On Invoice" } });
export const PAYMENT_METHOD = PaymentMethods.ids;
export const PAYMENT_METHODS = PaymentMethods.list;

/** The order type of every order placed in the portal. */
export const ORDER_TYPE_ONLINE = 1;

/** Order types (SPEC §9); 0 is the "ALL" filter value. */
export const ORDER_TYPES = [
  { id: 0, name: "ALL" },
  { id: ORDER_TYPE_ONLINE, name: "Online Orders" },
  { id: 2, name: "Commercial Orders" },
] as const;

/** Delivery method never offered to anyone (SPEC §6). */
export const FORBIDDEN_DELIVERY_METHOD_ID = 43;
/** The one delivery method offered to everyone but the configured admin user (SPEC §6). */
export const DEFAULT_DELIVERY_METHOD = { id: 1, name: "UPS Ground", remarks: "Up to 5 business days" } as const;

/** Cancel window in hours (SPEC §4 says "2"; DESIGN §6 makes the unit hours). Configurable on the server. */
export const DEFAULT_CANCEL_WINDOW_HOURS = 2;

export const DeliveryMethodSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  remarks: z.string().nullable(),
});
export type DeliveryMethod = z.infer<typeof DeliveryMethodSchema>;

/** POST /api/customer/query: the portal's customer with the delivery methods this user may choose. */
export const CustomerQueryRequestSchema = z.object({ return: z.array(dbText().max(100)).max(50).optional() });
export const CustomerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  delivery_methods: z.array(DeliveryMethodSchema),
  /** Cost centers of the user's department, offered at checkout (empty: none is asked for). */
  cost_centers: z.array(CheckoutCostCenterSchema),
  /** The department requires one of them on every order (departments.cost_center_required). */
  cost_center_required: z.boolean(),
});

/**
 * POST /api/order/add (SPEC §3 "Order to place"). user_id and customer_id, if sent, are ignored:
 * they come from the session. Prices, fees and totals are never taken from the payload.
 */
export const PlaceOrderRequestSchema = z.object({
  contact_name: dbText("Contact name is required").trim().min(1, "Contact name is required").max(200),
  contact_phone: PhoneSchema,
  email: EmailSchema,
  delivery_method_id: dbInt("Delivery method is required").positive("Delivery method is required"),
  payment_method_id: z.literal(1).optional(),
  shipping_address_id: IdSchema.optional(),
  shipping_instruction: dbText().trim().max(1000).optional(),
  po_number: dbText().trim().max(50).optional(),
  /** One of the cost centers of the user's department; required when the department says so. */
  cost_center_id: IdSchema.optional(),
  items: z.array(OrderItemSchema).min(1, MESSAGES.cartEmpty).max(100),
});
export type PlaceOrderRequest = z.infer<typeof PlaceOrderRequestSchema>;

/** The fields a destroy order may leave out: it ships nothing, so nobody is contacted (issue 11). */
const SHIPPING_FIELDS = { contact_name: true, contact_phone: true, email: true, delivery_method_id: true } as const;
const ShippingFieldsSchema = PlaceOrderRequestSchema.pick(SHIPPING_FIELDS);

/**
 * The body of POST /api/order/add: an order to place (PlaceOrderRequestSchema), or a destroy order
 * (every line is_destroy, SPEC §4), which may leave out the contact and the delivery method; the
 * server fills them from the user. An ordinary order without them gets the same messages as from
 * PlaceOrderRequestSchema.
 */
export const PlaceOrderBodySchema = PlaceOrderRequestSchema.partial(SHIPPING_FIELDS).superRefine((body, ctx) => {
  if (body.items.length > 0 && body.items.every((item) => item.is_destroy)) return;
  const shipping = ShippingFieldsSchema.safeParse(body);
  if (!shipping.success) {
    for (const issue of shipping.error.issues)
      ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  }
});
export type PlaceOrderBody = z.infer<typeof PlaceOrderBodySchema>;

/** True when an order body carries its contact and delivery method, as every ordinary order must. */
export function hasShippingFields(body: PlaceOrderBody): body is PlaceOrderRequest {
  return (
    body.contact_name !== undefined &&
    body.contact_phone !== undefined &&
    body.email !== undefined &&
    body.delivery_method_id !== undefined
  );
}

/** Header a client sends so that a retried or double-clicked submit returns the first order. */
export const IDEMPOTENCY_HEADER = "idempotency-key";

export const OrderListRequestSchema = z
  .object({
    limit: dbInt().min(1).max(1000).default(25),
    offset: dbInt().min(0).default(0),
    /** Optional filters of My Orders (issue 11): a status, order days from/to (portal time). Old callers send none. */
    order_status_id: IdSchema.optional(),
    date_from: IsoDateSchema.optional(),
    date_to: IsoDateSchema.optional(),
  })
  .refine(...datesInOrder);
export const OrderListItemSchema = z.object({
  id: z.number().int(),
  user_first_name: z.string().nullable(),
  user_last_name: z.string().nullable(),
  shipping_instruction: z.string().nullable(),
  created: z.string(),
  order_status: z.number().int(),
  order_status_name: z.string(),
  total_order_amount: z.number().int(),
  date_shipped: z.string().nullable(),
  /** The packages it shipped in, with carrier and tracking number (link them with trackingUrl). */
  shipments: z.array(ShipmentSchema),
});
export type OrderListItem = z.infer<typeof OrderListItemSchema>;

export const OrderQueryRequestSchema = z.object({
  id: IdSchema,
  fields: z.array(dbText().max(100)).max(50).optional(),
});

export const OrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  total_price_cents: z.number().int(),
  estimated_delivery_date: z.string().nullable(),
  /** For a back-ordered line, the day it is expected (issue 11); null otherwise. */
  backorder_expected_date: z.string().nullable(),
  /** Packs shipped so far (issue 24 §5). */
  shipped_quantity: z.number().int(),
  /** A personalised line's production status while it is made ("Printing"); null on a stocked or shipped line. */
  production_status_name: z.string().nullable(),
});
export const CancelledLineSchema = z.object({
  order_product_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  quantity: z.number().int(),
  estimated_delivery_date: z.string().nullable(),
  /** The price per pack as ordered, and of the packs cancelled. */
  unit_price_cents: z.number().int(),
  total_price_cents: z.number().int(),
});

/** The ship-to copied onto an order when it was placed. */
export const ShippingAddressSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
});

/** An order's amounts in integer cents (orders/pricing.ts). */
export const OrderAmountsShape = {
  total_items_amount: z.number().int(),
  pick_fee_amount: z.number().int(),
  shipping_amount: z.number().int(),
  processing_amount: z.number().int(),
  tax_amount: z.number().int(),
  total_order_amount: z.number().int(),
};

/** POST /api/order/query data (SPEC §3 "Order (detail)"), amounts in cents. */
export const OrderDetailSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int(),
  customer_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  order_status: z.number().int(),
  order_status_name: z.string(),
  order_type_name: z.string(),
  delivery_method_name: z.string(),
  payment_method_name: z.string(),
  created: z.string(),
  /** Creation time formatted in the portal's time zone with its PST label. */
  order_created: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  email: z.string(),
  po_number: z.string().nullable(),
  /** The cost center chosen at checkout, if any (issue 22 §6). */
  cost_center_name: z.string().nullable(),
  shipping_address: ShippingAddressSchema,
  shipping_instruction: z.string().nullable(),
  order_products: z.array(OrderLineSchema),
  cancel_products: z.array(CancelledLineSchema),
  ...OrderAmountsShape,
  date_shipped: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** True while the signed-in user may still cancel it. */
  can_cancel: z.boolean(),
  cancel_deadline: z.string().nullable(),
  can_reorder: z.boolean(),
  /** The status timeline, oldest first (issue 11). */
  status_history: z.array(StatusEventSchema),
  /** The packages it shipped in. */
  shipments: z.array(ShipmentSchema),
  /** Its shipments, each with its lines (issue 24 §5), and "2 of 3 lines shipped, 1 printing". */
  shipment_groups: z.array(ShipmentGroupSchema),
  line_progress: LineProgressSchema,
  /** When the order was cancelled and by whom; null unless it is Cancelled. */
  cancelled_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  /** "Placed by {administrator} for {practice}" when an administrator placed it (decision 042). */
  placed_by: PlacedBySchema.nullable(),
  /** The order's approval, when it needed one (issue 23 §2): why, each decision and its note. */
  approval: OrderApprovalSchema.nullable().optional(),
});
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const CancelOrderRequestSchema = z.object({
  order_id: IdSchema,
  /** Partial cancels are not offered to practices (SPEC §7 sends false). */
  partial: z.literal(false).optional(),
});

export const ReorderRequestSchema = z.object({ order_id: IdSchema });
export const ReorderResultSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      display_name: z.string(),
      image_url: z.string(),
      package_quantity: z.number().int(),
      min_quantity: z.number().int(),
      max_quantity: z.number().int(),
      quantity: z.number().int(),
      price: z.number().int(),
      is_destroy: z.boolean(),
      /** Why the quantity differs from the original order, when it does. */
      note: z.string().nullable(),
    }),
  ),
  dropped: z.array(z.object({ product_id: z.number().int(), product_name: z.string(), reason: z.string() })),
});
