import {
  type CartItem,
  type OrderDetailSchema,
  type ProductDetailSchema,
  type Quote,
  type QuoteLine,
  QuoteRequestSchema,
} from "@vetportal/contract";
import type { z } from "zod";

/**
 * Records as the API sends them, typed with the contract (a new required field breaks the tests'
 * type check, not a page at run time). Each takes overrides for what a test is about.
 */
export function productDetail(
  over: Partial<z.input<typeof ProductDetailSchema>> = {},
): z.input<typeof ProductDetailSchema> {
  return {
    id: 101,
    name: "Dental Chews",
    display_name: "Dental Chews",
    product_category_id: 3,
    customer_sku: "DC-1",
    is_in_inventory: true,
    quickbooks_type_id: 1,
    actual_inventory: 500,
    additional_info: "For dogs of every size",
    is_active: true,
    package_quantity: 25,
    min_quantity: 2,
    max_quantity: 10,
    image_url: "/media/products/101.png",
    can_order: true,
    created: "2026-01-05T10:00:00.000Z",
    customer_id: 1,
    description_1: "Keeps teeth clean.",
    is_customizable: false,
    is_mailable: false,
    no_upload: false,
    show_inventory: false,
    use_quantities_dropdown: false,
    no_order_below_zero_inventory: false,
    pick_fees: 0,
    quantity_list: null,
    modifier: null,
    category: "Dental",
    cutoff_time: 2,
    apparel_sizes: null,
    price_ranges: [
      { min_quantity: 1, max_quantity: 4, price_cents: 1200 },
      { min_quantity: 5, max_quantity: null, price_cents: 1000 },
    ],
    department_list: [],
    low_inventory_amount: 0,
    estimate_delivery_date: "12/01/2026",
    large_order_email: "orders@example.com",
    ...over,
  };
}

/** A cart line as the product page adds it. */
export function cartItem(over: Partial<CartItem> = {}): CartItem {
  return {
    id: 101,
    name: "Dental Chews",
    display_name: "Dental Chews",
    image_url: "/media/products/101.png",
    package_quantity: 25,
    min_quantity: 2,
    max_quantity: 10,
    quantity: 3,
    price: 1000,
    is_destroy: false,
    ...over,
  };
}

/**
 * The server's quote of a quote request, every pack at `unitCents`, a line's total its accepted
 * quantity times that; `lines` overrides what the server says of particular products (by id).
 */
export function quoteFor(
  body: unknown,
  {
    unitCents = 1000,
    lines = {},
    shipping = null,
  }: { unitCents?: number; lines?: Record<number, Partial<QuoteLine>>; shipping?: number | null } = {},
): Quote {
  const request = QuoteRequestSchema.parse(body);
  const quoted = request.items.map((item): QuoteLine => {
    const line = { quantity: item.quantity, reason: null, message: null, ...lines[item.id] };
    return {
      id: item.id,
      product_name: `Product ${item.id}`,
      requested_quantity: item.quantity,
      unit_price_cents: unitCents,
      total_price_cents: unitCents * line.quantity,
      pick_fee_cents: 0,
      ...line,
    };
  });
  const items = quoted.reduce((sum, line) => sum + line.total_price_cents, 0);
  const processing = 500;
  const tax = Math.round(items * 0.08);
  return {
    lines: quoted,
    delivery_method_id: request.delivery_method_id ?? null,
    total_items_amount: items,
    pick_fee_amount: 0,
    shipping_amount: shipping,
    processing_amount: processing,
    tax_amount: tax,
    total_order_amount: items + processing + tax + (shipping ?? 0),
    allowance: [],
  };
}

/** An order as POST /api/order/query answers it: Active, two lines, cancellable. */
export function orderDetail(over: Partial<z.input<typeof OrderDetailSchema>> = {}): z.input<typeof OrderDetailSchema> {
  return {
    id: 866,
    customer_id: 1,
    customer_name: "Paws Clinic",
    user_id: 7,
    user_name: "Pat Practice",
    order_status: 1,
    order_status_name: "Active",
    order_type_name: "Online Orders",
    delivery_method_name: "UPS Ground",
    payment_method_name: "On Invoice",
    created: "2026-11-24T15:00:00.000Z",
    order_created: "11/24/2026 07:00 AM PST",
    contact_name: "Pat Practice",
    contact_phone: "555-555-0100",
    email: "pat@paws.example.com",
    po_number: "PO-77",
    cost_center_name: null,
    shipping_address: {
      name: "Paws Clinic",
      line1: "1 Main St",
      line2: null,
      city: "Albany",
      state: "NY",
      zip_code: "12207",
    },
    shipping_instruction: null,
    order_products: [
      {
        id: 1,
        product_id: 101,
        product_name: "Dental Chews",
        quantity: 3,
        unit_price_cents: 1000,
        total_price_cents: 3000,
        estimated_delivery_date: "12/01/2026",
        backorder_expected_date: null,
        shipped_quantity: 0,
        production_status_name: null,
      },
      {
        id: 2,
        product_id: 102,
        product_name: "Flea Drops",
        quantity: 2,
        unit_price_cents: 2500,
        total_price_cents: 5000,
        estimated_delivery_date: "12/01/2026",
        backorder_expected_date: null,
        shipped_quantity: 0,
        production_status_name: null,
      },
    ],
    cancel_products: [],
    total_items_amount: 8000,
    pick_fee_amount: 0,
    shipping_amount: 1500,
    processing_amount: 500,
    tax_amount: 640,
    total_order_amount: 10640,
    date_shipped: null,
    tracking_number: null,
    can_cancel: true,
    cancel_deadline: "2026-11-24T23:00:00.000Z",
    can_reorder: false,
    status_history: [
      {
        order_status: 1,
        order_status_name: "Active",
        created: "2026-11-24T15:00:00.000Z",
        user_name: "Pat Practice",
        by_staff: false,
        note: null,
      },
    ],
    shipments: [],
    shipment_groups: [],
    line_progress: { lines: 2, shipped: 0, in_production: [], summary: "0 of 2 lines shipped" },
    cancelled_at: null,
    cancelled_by: null,
    placed_by: null,
    ...over,
  };
}
