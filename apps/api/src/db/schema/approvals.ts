import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { refersTo, timestamps } from "./columns.ts";
import { customers, departments } from "./customers.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/**
 * An approval rule (issue 23 §2, decision 040): for the whole customer (department_id null) or one
 * department, what makes an order need approval (`kind` and its threshold) and who approves it, in
 * tiers (`tiers`: a list of tiers, each a list of user ids).
 */
export const approval_rules = pgTable(
  "approval_rules",
  {
    id: serial().primaryKey(),
    customer_id: refersTo(() => customers.id),
    department_id: integer().references(() => departments.id, { onDelete: "cascade" }),
    name: text().notNull(),
    kind: text({
      enum: ["over_allowance", "order_total", "product_quantity", "category_quantity", "first_order", "flagged_user"],
    }).notNull(),
    /** order_total: the total (cents) above which an order needs approval. */
    amount_cents: integer(),
    /** product_quantity / category_quantity: the product or category and the quantity above which. */
    product_id: integer(),
    category_id: integer(),
    quantity: integer(),
    tiers: jsonb().$type<number[][]>().notNull(),
    is_active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index("approval_rules_customer_idx").on(t.customer_id, t.department_id)],
);

/**
 * The approval an order waits for: one per order, written in the order's own statement (decision
 * 018). `reasons` says why it matched, `approvers` who decides each tier (copied from the rules at
 * placement), `allowance` the programme outcomes at placement; `tier` is the tier now deciding.
 */
export const approval_requests = pgTable(
  "approval_requests",
  {
    id: serial().primaryKey(),
    order_id: refersTo(() => orders.id, "cascade"),
    customer_id: refersTo(() => customers.id),
    reasons: jsonb().$type<{ rule_id: number; kind: string; text: string }[]>().notNull(),
    approvers: jsonb().$type<number[][]>().notNull(),
    allowance: jsonb().$type<unknown[]>().notNull().default(sql`'[]'::jsonb`),
    tier: integer().notNull().default(1),
    status: text({ enum: ["pending", "approved", "rejected", "expired"] })
      .notNull()
      .default("pending"),
    /** When the tier now deciding began: reminders and expiry count from it. */
    tier_started: timestamp({ withTimezone: true }).defaultNow().notNull(),
    reminded_at: timestamp({ withTimezone: true }),
    decided_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("approval_requests_order_idx").on(t.order_id),
    index("approval_requests_pending_idx").on(t.customer_id, t.created).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Each tier's decision, at most one per tier (the unique index is the last guard of "exactly one
 * wins"): who, approve/reject/expire, the note word for word.
 */
export const approval_decisions = pgTable(
  "approval_decisions",
  {
    id: serial().primaryKey(),
    request_id: refersTo(() => approval_requests.id, "cascade"),
    tier: integer().notNull(),
    user_id: refersTo(() => users.id),
    decision: text({ enum: ["approve", "reject", "expire"] }).notNull(),
    note: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("approval_decisions_tier_idx").on(t.request_id, t.tier),
    check("approval_decisions_tier_positive", sql`${t.tier} > 0`),
  ],
);
