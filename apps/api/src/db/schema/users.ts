import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { refersTo, timestamps } from "./columns.ts";
import { customers, departments, user_levels } from "./customers.ts";

/** A practice is a user; `representation` is the practice name (DESIGN §3). */
export const users = pgTable(
  "users",
  {
    id: serial().primaryKey(),
    customer_id: refersTo(() => customers.id),
    first_name: text(),
    last_name: text(),
    email: text(),
    /** argon2id hash; null for practices that only sign in by address. */
    password_hash: text(),
    phone: text(),
    cell: text(),
    fax: text(),
    title: text(),
    representation: text(),
    user_level_id: integer()
      .notNull()
      .default(1)
      .references(() => user_levels.id),
    is_approver: boolean().notNull().default(false),
    /** Every order of this user needs approval (an approval rule of kind "flagged_user", issue 23 §2). */
    requires_approval: boolean().notNull().default(false),
    /** Created by the public sign-up, not by an administrator (the "first order" approval rule). */
    self_registered: boolean().notNull().default(false),
    department_id: integer().references(() => departments.id),
    is_active: boolean().notNull().default(true),
    /** Soft delete (SPEC §4 "Delete is a non-permanent delete"). */
    is_deleted: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("users_customer_idx").on(t.customer_id),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`).where(sql`${t.is_deleted} = false`),
  ],
);

/** Extra department memberships beyond the user's own department_id (department user_list). */
export const department_users = pgTable(
  "department_users",
  {
    department_id: refersTo(() => departments.id, "cascade"),
    user_id: refersTo(() => users.id, "cascade"),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.department_id, t.user_id] })],
);

/**
 * Addresses of users (belong_to 'user') and departments (belong_to 'department'); owner_id is the
 * user or department id. state is a two-letter US code; country a numeric option id (SPEC §9).
 */
export const addresses = pgTable(
  "addresses",
  {
    id: serial().primaryKey(),
    customer_id: refersTo(() => customers.id),
    belong_to: text({ enum: ["user", "department"] }).notNull(),
    owner_id: integer().notNull(),
    dropdown_name: text(),
    title: text(),
    company: text(),
    contact: text(),
    line1: text().notNull(),
    line2: text(),
    city: text().notNull(),
    state: text().notNull(),
    province: text(),
    zip_code: text().notNull(),
    country: integer().notNull().default(186),
    phone: text(),
    is_billing: boolean().notNull().default(false),
    is_public: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [index("addresses_owner_idx").on(t.belong_to, t.owner_id)],
);
