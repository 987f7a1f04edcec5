import { z } from "zod";
import { PlacedBySchema } from "./order-for.ts";
import { ALL_ORDER_STATUSES, ORDER_STATUS, OrderAmountsShape, ShippingAddressSchema } from "./orders.ts";
import { datesInOrder, dbInt, dbText, IdSchema, IsoDateSchema } from "./primitives.ts";
import { ShipLineRequestSchema } from "./production.ts";
import {
  CarrierSchema,
  LineProgressSchema,
  ShipmentGroupSchema,
  ShipmentSchema,
  StatusEventSchema,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_NUMBER_PATTERN,
} from "./tracking.ts";

/*
 * The order desk (issue 11): staff move orders on from Active — status changes with a note,
 * shipping with carriers and tracking numbers, cancelling orders or lines, back orders, and a
 * carrier CSV that ships many orders at once. Administrators only.
 */

/** Shipped, Cancelled and Destroyed are final: nothing changes an order in them any more. */
export function isFinalStatus(status: number): boolean {
  return status === ORDER_STATUS.SHIPPED || status === ORDER_STATUS.CANCELLED || status === ORDER_STATUS.DESTROYED;
}

/**
 * The transition table (SPEC §4 leaves it open): from any open status staff may move an order to
 * any other open status; to Shipped only by recording its shipment (Ship), to Cancelled only by
 * cancelling what is left of it (Cancel, which restocks). From Shipped and Cancelled, nowhere.
 * The API enforces it; the web reads it to offer only the allowed actions.
 */
export const ORDER_TRANSITIONS: Readonly<Record<number, readonly number[]>> = Object.fromEntries(
  ALL_ORDER_STATUSES.map((from) => [from.id, transitionsFrom(from.id)]),
);

/**
 * Pending Approval is entered only by placing an order a rule matches and left only by the
 * approvers' decision (issue 23 §2, decision 040): the desk may cancel such an order, nothing more,
 * and may not move another order into it (it would wait for a decision nobody was asked for).
 */
function transitionsFrom(from: number): number[] {
  if (isFinalStatus(from)) return [];
  if (from === ORDER_STATUS.PENDING_APPROVAL) return [ORDER_STATUS.CANCELLED];
  return ALL_ORDER_STATUSES.map((to) => to.id).filter((to) => to !== from && to !== ORDER_STATUS.PENDING_APPROVAL);
}

/** Statuses reached through their own action rather than a plain status change (Destroyed: placing a destroy order). */
export const STATUSES_WITH_OWN_ACTION: readonly number[] = [
  ORDER_STATUS.SHIPPED,
  ORDER_STATUS.CANCELLED,
  ORDER_STATUS.DESTROYED,
];

export function canChangeStatus(from: number, to: number): boolean {
  return ORDER_TRANSITIONS[from]?.includes(to) ?? false;
}

/** What staff may do with an order in a status. */
export function deskActions(status: number) {
  const next = ORDER_TRANSITIONS[status] ?? [];
  return {
    /** Targets of a plain status change (Shipped and Cancelled have their own actions). */
    statuses: next.filter((s) => !STATUSES_WITH_OWN_ACTION.includes(s)),
    can_ship: next.includes(ORDER_STATUS.SHIPPED),
    can_cancel: next.includes(ORDER_STATUS.CANCELLED),
    can_back_order: next.includes(ORDER_STATUS.BACK_ORDERED) || status === ORDER_STATUS.BACK_ORDERED,
  };
}
export const DeskActionsSchema = z.object({
  statuses: z.array(z.number().int()),
  can_ship: z.boolean(),
  can_cancel: z.boolean(),
  can_back_order: z.boolean(),
});

const StatusIdSchema = dbInt("Choose a status")
  .refine((id) => ALL_ORDER_STATUSES.some((s) => s.id === id), {
    message: "Choose one of the order statuses",
  })
  .meta({ enum: ALL_ORDER_STATUSES.map((s) => s.id) });
const NoteSchema = dbText()
  .trim()
  .max(1000, "Keep the note under 1000 characters")
  .optional()
  .transform((v) => v || undefined);

/** Counting stops here: the desk shows "10,000+" rather than count a million orders per request. */
export const DESK_COUNT_CAP = 10_000;
export const DESK_PAGE_SIZES = [25, 50, 100] as const;

/** POST /api/fulfilment/list: every order of the customer, newest first, filtered, paged. */
export const DeskOrderListRequestSchema = z
  .object({
    order_status_id: StatusIdSchema.optional(),
    /** Practice name, orderer's name or email, anywhere in the text. */
    text: dbText().trim().max(100).optional(),
    date_from: IsoDateSchema.optional(),
    date_to: IsoDateSchema.optional(),
    po_number: dbText().trim().max(50).optional(),
    order_id: IdSchema.optional(),
    limit: dbInt()
      .refine((n) => (DESK_PAGE_SIZES as readonly number[]).includes(n), "Choose 25, 50 or 100 rows")
      .meta({ enum: [...DESK_PAGE_SIZES] })
      .default(25),
    offset: dbInt().min(0).max(DESK_COUNT_CAP).default(0),
  })
  .refine(...datesInOrder);
export type DeskOrderListRequest = z.infer<typeof DeskOrderListRequestSchema>;

export const DeskOrderListItemSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  order_status: z.number().int(),
  order_status_name: z.string(),
  practice_name: z.string(),
  user_name: z.string(),
  po_number: z.string().nullable(),
  ship_city: z.string(),
  ship_state: z.string(),
  total_order_amount: z.number().int(),
  date_shipped: z.string().nullable(),
  tracking_number: z.string().nullable(),
});
export type DeskOrderListItem = z.infer<typeof DeskOrderListItemSchema>;

export const DeskOrderListSchema = z.object({
  items: z.array(DeskOrderListItemSchema),
  /** Orders matching the filters, counted up to DESK_COUNT_CAP. */
  total: z.number().int(),
  total_is_capped: z.boolean(),
  /** Per status, the orders matching every filter but the status (for the tabs). */
  counts: z.array(
    z.object({
      order_status: z.number().int(),
      order_status_name: z.string(),
      count: z.number().int(),
      is_capped: z.boolean(),
    }),
  ),
});
export type DeskOrderList = z.infer<typeof DeskOrderListSchema>;

export const DeskOrderQueryRequestSchema = z.object({ id: IdSchema });

export const DeskOrderLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  /** Packs ordered, cancelled, and left to ship. */
  quantity: z.number().int(),
  cancelled_quantity: z.number().int(),
  remaining_quantity: z.number().int(),
  unit_price_cents: z.number().int(),
  /** Price of the packs left. */
  total_price_cents: z.number().int(),
  estimated_delivery_date: z.string().nullable(),
  backorder_expected_date: z.string().nullable(),
  /** Packs shipped so far, and packs left to ship (neither shipped nor cancelled). */
  shipped_quantity: z.number().int(),
  to_ship_quantity: z.number().int(),
  /** A personalised line's production status (issue 24 §4); null on a stocked line. */
  production_status: z.number().int().nullable(),
  production_status_name: z.string().nullable(),
  /** Where staff may move the line now (LINE_TRANSITIONS), and whether its proof may be sent back. */
  production_moves: z.array(z.number().int()),
  can_send_back: z.boolean(),
  /** Whether a shipment may take its packs now: a stocked line, or a printed one. */
  ready_to_ship: z.boolean(),
});

/** POST /api/fulfilment/query: the staff view of one order. */
export const DeskOrderSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  order_created: z.string(),
  order_status: z.number().int(),
  order_status_name: z.string(),
  practice_name: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  /** "Placed by {administrator} for {practice}" when an administrator placed it (decision 042). */
  placed_by: PlacedBySchema.nullable(),
  user_email: z.string().nullable(),
  department_name: z.string().nullable(),
  cost_center_name: z.string().nullable(),
  delivery_method_name: z.string(),
  contact_name: z.string(),
  contact_phone: z.string(),
  email: z.string(),
  po_number: z.string().nullable(),
  shipping_address: ShippingAddressSchema,
  shipping_instruction: z.string().nullable(),
  lines: z.array(DeskOrderLineSchema),
  ...OrderAmountsShape,
  date_shipped: z.string().nullable(),
  tracking_number: z.string().nullable(),
  history: z.array(StatusEventSchema),
  shipments: z.array(ShipmentSchema),
  /** Its shipments, each with its lines (issue 24 §5), and "2 of 3 lines shipped, 1 printing". */
  shipment_groups: z.array(ShipmentGroupSchema),
  line_progress: LineProgressSchema,
  actions: DeskActionsSchema,
});
export type DeskOrder = z.infer<typeof DeskOrderSchema>;

/** POST /api/fulfilment/status: a plain status change with an optional note. */
export const SetOrderStatusRequestSchema = z.object({
  order_id: IdSchema,
  order_status_id: StatusIdSchema,
  note: NoteSchema,
});
export type SetOrderStatusRequest = z.infer<typeof SetOrderStatusRequestSchema>;

/** POST /api/fulfilment/backorder: lines back ordered with the day they are expected; the order becomes Back Ordered. */
export const BackOrderRequestSchema = z.object({
  order_id: IdSchema,
  lines: z
    .array(z.object({ order_product_id: IdSchema, expected_date: IsoDateSchema }))
    .min(1, "Choose at least one line")
    .max(100),
  note: NoteSchema,
});
export type BackOrderRequest = z.infer<typeof BackOrderRequestSchema>;

export const PackageSchema = z.object({
  carrier: CarrierSchema,
  tracking_number: dbText("Enter the tracking number")
    .trim()
    .max(40, TRACKING_NUMBER_MESSAGE)
    .regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_MESSAGE),
});

/**
 * POST /api/fulfilment/ship: a shipment left on a day, in one or more packages. With `lines`, it
 * holds those packs of those lines (issue 24 §5); without, every pack left of every line ready to
 * ship. The order is Shipped when no pack is left to ship.
 */
export const ShipOrderRequestSchema = z.object({
  order_id: IdSchema,
  shipped_on: IsoDateSchema,
  packages: z.array(PackageSchema).min(1, "Add at least one package").max(20, "At most 20 packages"),
  lines: z.array(ShipLineRequestSchema).min(1, "Choose at least one line").max(100).optional(),
  note: NoteSchema,
});
export type ShipOrderRequest = z.infer<typeof ShipOrderRequestSchema>;

/**
 * POST /api/fulfilment/cancel: without `lines`, everything left of the order; with them, those
 * packs of those lines. What is cancelled is restocked; an order with nothing left is Cancelled.
 */
export const StaffCancelRequestSchema = z.object({
  order_id: IdSchema,
  lines: z
    .array(z.object({ order_product_id: IdSchema, quantity: dbInt().min(1, "Cancel at least one pack") }))
    .min(1, "Choose at least one line")
    .max(100)
    .optional(),
  note: NoteSchema,
});
export type StaffCancelRequest = z.infer<typeof StaffCancelRequestSchema>;

/** What an order-changing desk call answers: the order as it now stands. */
export const DeskChangeResultSchema = DeskOrderSchema;

/** Carrier CSV uploads: at most this many rows, sent as the file's text (JSON; no multipart — decision 013). */
export const SHIPMENT_CSV_MAX_ROWS = 2000;
export const SHIPMENT_CSV_MAX_CHARS = 512 * 1024;
/** The header the desk expects (any order, any case; a few spellings accepted). */
export const SHIPMENT_CSV_COLUMNS = ["order_id", "tracking_number", "carrier", "ship_date"] as const;

export const ShipmentCsvRequestSchema = z.object({
  csv: dbText("Choose a CSV file")
    .min(1, "The file is empty")
    .max(SHIPMENT_CSV_MAX_CHARS, "The file is too large: at most 512 KB (about 2000 rows)"),
});

export const ShipmentCsvRowSchema = z.object({
  /** The row's line number in the file (the header is line 1). */
  line: z.number().int(),
  order_id: z.number().int().nullable(),
  tracking_number: z.string(),
  carrier: z.string().nullable(),
  shipped_on: z.string().nullable(),
  /** Why the row is refused; null when it ships. */
  error: z.string().nullable(),
});
export type ShipmentCsvRow = z.infer<typeof ShipmentCsvRowSchema>;

/** POST /api/fulfilment/importPreview (nothing written) and importApply (written in one transaction). */
export const ShipmentCsvResultSchema = z.object({
  rows: z.array(ShipmentCsvRowSchema),
  /** Orders shipped (apply) or that would ship (preview). */
  shipped_orders: z.array(z.number().int()),
  refused_rows: z.number().int(),
  /** A problem with the file as a whole (missing columns); no row is read then. */
  file_error: z.string().nullable(),
});
export type ShipmentCsvResult = z.infer<typeof ShipmentCsvResultSchema>;
