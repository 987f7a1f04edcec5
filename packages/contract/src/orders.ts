/** Order statuses (SPEC §4). Label 16 is spelled correctly (DESIGN §7). */
export const ORDER_STATUSES = [
  { id: 1, name: "Active" },
  { id: 5, name: "Shipped" },
  { id: 6, name: "Pending Approval" },
  { id: 7, name: "Pending Payment" },
  { id: 8, name: "Pending Proof Approval" },
  { id: 9, name: "Printing" },
  { id: 10, name: "Pre Press" },
  { id: 11, name: "Plating" },
  { id: 12, name: "Customer Service" },
  { id: 13, name: "Mailing" },
  { id: 14, name: "Bindery" },
  { id: 15, name: "Shipping" },
  { id: 16, name: "Fulfillment" },
  { id: 17, name: "In Production" },
  { id: 18, name: "On Hold" },
  { id: 19, name: "Back Ordered" },
  { id: 20, name: "Pending Services Group Approval" },
  { id: 21, name: "Pending Artwork" },
] as const;
export const ORDER_STATUS = { ACTIVE: 1, SHIPPED: 5 } as const;
/** Status used for an order whose every line was cancelled. Not in the legacy list, which shows none. */
export const ORDER_STATUS_CANCELLED = { id: 2, name: "Cancelled" } as const;

/** Payment methods (SPEC §9); 0 is the "ALL" filter value, never stored on an order. */
export const PAYMENT_METHODS = [
  { id: 0, name: "ALL" },
  { id: 1, name: "On Invoice" },
] as const;
export const PAYMENT_METHOD_ON_INVOICE = 1;

/** Order types (SPEC §9); 0 is the "ALL" filter value. */
export const ORDER_TYPES = [
  { id: 0, name: "ALL" },
  { id: 1, name: "Online Orders" },
  { id: 2, name: "Commercial Orders" },
] as const;

/** Delivery method never offered to anyone (SPEC §6). */
export const FORBIDDEN_DELIVERY_METHOD_ID = 43;
/** The one delivery method offered to everyone but the configured admin user (SPEC §6). */
export const DEFAULT_DELIVERY_METHOD = { id: 1, name: "UPS Ground", remarks: "Up to 5 business days" } as const;

/** Cancel window in hours (SPEC §4 says "2"; DESIGN §6 makes the unit hours). Configurable on the server. */
export const DEFAULT_CANCEL_WINDOW_HOURS = 2;
