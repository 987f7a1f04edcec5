import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { refersTo, timestamps } from "./columns.ts";
import { cost_centers, customers, delivery_methods, departments } from "./customers.ts";
import { proofs } from "./print.ts";
import { addresses, users } from "./users.ts";

export const order_statuses = pgTable("order_statuses", {
  id: integer().primaryKey(),
  name: text().notNull(),
  ...timestamps,
});

/**
 * An order. Amounts are integer cents computed on the server (DESIGN §6). The shipping address is
 * copied onto the order so later address edits never rewrite history.
 */
export const orders = pgTable(
  "orders",
  {
    id: serial().primaryKey(),
    customer_id: refersTo(() => customers.id),
    user_id: refersTo(() => users.id),
    department_id: integer().references(() => departments.id),
    cost_center_id: integer().references(() => cost_centers.id),
    order_status_id: integer()
      .notNull()
      .default(1)
      .references(() => order_statuses.id),
    /** 1 Online, 2 Commercial (SPEC §9). */
    order_type_id: integer().notNull().default(1),
    /** 1 On Invoice, the only method. */
    payment_method_id: integer().notNull().default(1),
    delivery_method_id: refersTo(() => delivery_methods.id),
    is_destroy: boolean().notNull().default(false),
    po_number: text(),
    contact_name: text().notNull(),
    contact_phone: text().notNull(),
    email: text().notNull(),
    shipping_instruction: text(),
    shipping_address_id: integer().references(() => addresses.id),
    ship_name: text().notNull(),
    ship_line1: text().notNull(),
    ship_line2: text(),
    ship_city: text().notNull(),
    ship_state: text().notNull(),
    ship_zip_code: text().notNull(),
    ship_country: integer().notNull().default(186),
    total_items_amount: integer().notNull().default(0),
    pick_fee_amount: integer().notNull().default(0),
    shipping_amount: integer().notNull().default(0),
    processing_amount: integer().notNull().default(0),
    tax_amount: integer().notNull().default(0),
    total_order_amount: integer().notNull().default(0),
    date_shipped: timestamp({ withTimezone: true }),
    tracking_number: text(),
    /**
     * Who placed it: the practice itself, or the administrator who took it by phone for the practice
     * (decision 042); null on orders placed before it was recorded.
     */
    placed_by_user_id: integer().references(() => users.id),
    /** When an order placed Pending Approval was approved: its cancel window starts then (issue 23 §2). */
    approved_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("orders_customer_created_idx").on(t.customer_id, t.created),
    /** Reports dated by the shipping date (issue 5). */
    index("orders_customer_shipped_idx").on(t.customer_id, t.date_shipped),
    index("orders_user_idx").on(t.user_id, t.id),
    /** The order desk's status tabs and their bounded counts, newest first (issue 11). */
    index("orders_customer_status_created_idx").on(t.customer_id, t.order_status_id, t.created),
  ],
);

/** Order lines. cancelled_quantity counts packs cancelled (partial cancels keep the rest). */
export const order_products = pgTable(
  "order_products",
  {
    id: serial().primaryKey(),
    order_id: refersTo(() => orders.id, "cascade"),
    product_id: refersTo(() => products.id),
    product_name: text().notNull(),
    quantity: integer().notNull(),
    cancelled_quantity: integer().notNull().default(0),
    unit_price_cents: integer().notNull(),
    total_price_cents: integer().notNull(),
    pick_fee_cents: integer().notNull().default(0),
    estimated_ship_date: date({ mode: "string" }),
    estimated_delivery_date: date({ mode: "string" }),
    tracking_number: text(),
    /** A back-ordered line: the day staff expect it (issue 11); the practice sees it. */
    backorder_expected_date: date({ mode: "string" }),
    /**
     * A personalised line's production status (Pending Proof Approval, Pre Press, Printing, In
     * Production: the contract's LINE_TRANSITIONS); null on a stocked line (issue 24, decision 045).
     */
    production_status_id: integer().references(() => order_statuses.id),
    /** Packs shipped so far: the sum of the line's shipment_lines, kept in the same transaction. */
    shipped_quantity: integer().notNull().default(0),
    /** When its last pack shipped (the reports count the line on that day); null while any is left. */
    date_shipped: timestamp({ withTimezone: true }),
    /** A personalised line: the approved proof it prints (issue 24, copied from the cart line). */
    proof_id: integer().references(() => proofs.id),
    ...timestamps,
  },
  (t) => [
    index("order_products_order_idx").on(t.order_id),
    index("order_products_product_idx").on(t.product_id),
    check(
      "order_products_shipped_within_ordered",
      sql`${t.shipped_quantity} >= 0 and ${t.shipped_quantity} + ${t.cancelled_quantity} <= ${t.quantity}`,
    ),
  ],
);

export const order_status_history = pgTable(
  "order_status_history",
  {
    id: serial().primaryKey(),
    order_id: refersTo(() => orders.id, "cascade"),
    order_status_id: refersTo(() => order_statuses.id),
    user_id: integer().references(() => users.id),
    note: text(),
    ...timestamps,
  },
  (t) => [index("order_status_history_order_idx").on(t.order_id)],
);

/**
 * The packages an order shipped in (issue 11): carrier (a contract CARRIERS code), tracking number
 * and the day it left. Shipping an order writes these and, for the reports, the order's
 * date_shipped and tracking_number (the numbers, comma-separated).
 */
export const shipments = pgTable(
  "shipments",
  {
    id: serial().primaryKey(),
    order_id: refersTo(() => orders.id, "cascade"),
    carrier: text().notNull(),
    tracking_number: text().notNull(),
    shipped_on: date({ mode: "string" }).notNull(),
    /** Who recorded it; null for shipments loaded with demo or imported data. */
    created_by: integer().references(() => users.id, { onDelete: "set null" }),
    /**
     * The first package of the shipment this package left with (issue 24 §5); null on that first
     * package itself, whose id is the shipment's and which its shipment_lines name.
     */
    shipment_of: integer().references((): AnyPgColumn => shipments.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("shipments_order_tracking_idx").on(t.order_id, t.tracking_number)],
);

/**
 * Which lines (and how many packs of each) a shipment held (issue 24 §5, decision 045): a shipment
 * is named by its first package. A line's packs shipped never exceed what was ordered less what was
 * cancelled (order_products.shipped_quantity and its check).
 */
export const shipment_lines = pgTable(
  "shipment_lines",
  {
    id: serial().primaryKey(),
    shipment_id: refersTo(() => shipments.id, "cascade"),
    order_product_id: refersTo(() => order_products.id, "cascade"),
    quantity: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("shipment_lines_shipment_line_idx").on(t.shipment_id, t.order_product_id),
    index("shipment_lines_line_idx").on(t.order_product_id),
    check("shipment_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

/**
 * Daily rollup of the lines sold (packs not cancelled), per customer, portal-time day and product,
 * for the unfiltered product summary and the item summary's totals (issue 5, bench/README.md).
 * Kept exact by triggers on orders and order_products (migration 0008_report_rollups_by_delta.sql,
 * decision 010), which add what each statement's own rows change; never written by the application.
 */
export const report_product_days = pgTable(
  "report_product_days",
  {
    customer_id: integer().notNull(),
    day: date({ mode: "string" }).notNull(),
    product_id: integer().notNull(),
    lines: integer().notNull(),
    quantity: bigint({ mode: "number" }).notNull(),
    total_price: bigint({ mode: "number" }).notNull(),
    shipping_cost: bigint({ mode: "number" }).notNull(),
    tax_amount: bigint({ mode: "number" }).notNull(),
    pick_fee: bigint({ mode: "number" }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.customer_id, t.day, t.product_id] })],
);
