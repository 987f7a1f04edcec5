import { boolean, integer, pgTable, primaryKey, serial, text } from "drizzle-orm/pg-core";
import { refersTo, timestamps } from "./columns.ts";

/** The sponsoring customer account(s). The portal serves one (CUSTOMER_ID, default 1850). */
export const customers = pgTable("customers", {
  id: integer().primaryKey(),
  name: text().notNull(),
  is_active: boolean().notNull().default(true),
  ...timestamps,
});

export const delivery_methods = pgTable("delivery_methods", {
  id: integer().primaryKey(),
  name: text().notNull(),
  remarks: text(),
  /** Upper bound of transit time in business days, used for estimated delivery dates. */
  max_business_days: integer().notNull().default(5),
  /** Flat shipping charge per order, in cents. */
  shipping_cents: integer().notNull().default(0),
  ...timestamps,
});

/** The customer's own list of delivery methods, offered to the configured admin user only (SPEC §6). */
export const customer_delivery_methods = pgTable(
  "customer_delivery_methods",
  {
    customer_id: refersTo(() => customers.id),
    delivery_method_id: refersTo(() => delivery_methods.id),
    sort_order: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.customer_id, t.delivery_method_id] })],
);

export const user_levels = pgTable("user_levels", {
  id: integer().primaryKey(),
  name: text().notNull(),
  ...timestamps,
});

export const departments = pgTable("departments", {
  id: serial().primaryKey(),
  customer_id: refersTo(() => customers.id),
  name: text().notNull(),
  department_code: text(),
  is_active: boolean().notNull().default(true),
  is_deleted: boolean().notNull().default(false),
  billing_reports: boolean().notNull().default(false),
  /** Orders of the department's users must name one of its cost centers (issue 11). */
  cost_center_required: boolean().notNull().default(false),
  ups_number: text(),
  ltl_freight: text(),
  fedex_number: text(),
  ...timestamps,
});

/** Emails copied on every order confirmation of the department (SPEC §5 "Department"). */
export const department_cc_emails = pgTable(
  "department_cc_emails",
  {
    department_id: refersTo(() => departments.id, "cascade"),
    email: text().notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.department_id, t.email] })],
);

export const cost_centers = pgTable("cost_centers", {
  id: serial().primaryKey(),
  customer_id: refersTo(() => customers.id),
  name: text().notNull(),
  is_active: boolean().notNull().default(true),
  is_deleted: boolean().notNull().default(false),
  ...timestamps,
});

export const cost_center_departments = pgTable(
  "cost_center_departments",
  {
    cost_center_id: refersTo(() => cost_centers.id, "cascade"),
    department_id: refersTo(() => departments.id, "cascade"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.cost_center_id, t.department_id] })],
);
