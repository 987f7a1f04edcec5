import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { refersTo, timestamps } from "./columns.ts";
import { customers, departments } from "./customers.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/*
 * The sponsor's allowance programmes (issue 23 §1, decision 039): what a practice may take in a
 * period, its per-practice accounts (one row per practice, programme and period: the lock and the
 * cached balance) and the ledger whose deltas make that balance.
 */

/** A programme: its period, its unit, which products count, and what happens over the balance. */
export const allowance_programmes = pgTable(
  "allowance_programmes",
  {
    id: serial().primaryKey(),
    customer_id: refersTo(() => customers.id),
    name: text().notNull(),
    /** month | quarter | year */
    period: text().notNull(),
    /** packs | dollars (dollars are counted in cents) */
    unit: text().notNull(),
    /** all | categories | products */
    scope: text().notNull().default("all"),
    /** The category or product ids the scope names (empty for "all"). */
    scope_ids: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** refuse | approval | allow */
    over_balance: text().notNull().default("refuse"),
    /** The unused balance of a period carries into the next instead of expiring. */
    rollover: boolean().notNull().default(false),
    /** The practice is emailed when its use crosses this share of its allotment (0: never). */
    warning_percent: integer().notNull().default(80),
    /** What a practice without a department default or its own allocation gets per period. */
    default_allotted: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check("allowance_programmes_period", sql`${t.period} in ('month', 'quarter', 'year')`),
    check("allowance_programmes_unit", sql`${t.unit} in ('packs', 'dollars')`),
    check("allowance_programmes_scope", sql`${t.scope} in ('all', 'categories', 'products')`),
    check("allowance_programmes_over", sql`${t.over_balance} in ('refuse', 'approval', 'allow')`),
    check("allowance_programmes_warning", sql`${t.warning_percent} between 0 and 100`),
    check("allowance_programmes_default", sql`${t.default_allotted} >= 0`),
  ],
);

/** A department's allotment per period, inherited by each of its practices without one of its own. */
export const allowance_department_defaults = pgTable(
  "allowance_department_defaults",
  {
    programme_id: refersTo(() => allowance_programmes.id, "cascade"),
    department_id: refersTo(() => departments.id, "cascade"),
    allotted: integer().notNull(),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.programme_id, t.department_id] }),
    check("allowance_department_defaults_allotted", sql`${t.allotted} >= 0`),
  ],
);

/**
 * A practice's account for one period of a programme: the row every change of its balance locks.
 * `balance` is the sum of its ledger's deltas, kept in the statement that writes each ledger row
 * (as products.actual_inventory is for stock). `allotted` is what the period granted; `own` says
 * the practice has its own allocation (else it follows its department's default).
 */
export const allowance_accounts = pgTable(
  "allowance_accounts",
  {
    id: serial().primaryKey(),
    programme_id: refersTo(() => allowance_programmes.id, "cascade"),
    user_id: refersTo(() => users.id, "cascade"),
    period_start: date({ mode: "string" }).notNull(),
    allotted: integer().notNull().default(0),
    own: boolean().notNull().default(false),
    balance: integer().notNull().default(0),
    /** The period's end was booked (expiry or rollover): set once, by the statement that did it. */
    closed: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("allowance_accounts_period_unique").on(t.programme_id, t.user_id, t.period_start),
    index("allowance_accounts_period_idx").on(t.programme_id, t.period_start),
    check("allowance_accounts_allotted", sql`${t.allotted} >= 0`),
  ],
);

/**
 * The allowance ledger: every change of an account's balance. `kind` allotment (the period's grant
 * or a change of it), order (a line's use, negative), cancel (a cancelled part given back),
 * adjustment (an administrator's, with the reason), expiry (the unused balance at the period's end)
 * or rollover (that balance carried into the next period).
 */
export const allowance_ledger = pgTable(
  "allowance_ledger",
  {
    id: serial().primaryKey(),
    account_id: refersTo(() => allowance_accounts.id, "cascade"),
    kind: text().notNull(),
    delta: integer().notNull(),
    order_id: integer().references(() => orders.id, { onDelete: "cascade" }),
    product_id: integer(),
    /** Who made the change (the orderer, the person who cancelled, the administrator). */
    user_id: integer().references(() => users.id, { onDelete: "set null" }),
    reason: text(),
    ...timestamps,
  },
  (t) => [
    index("allowance_ledger_account_idx").on(t.account_id, t.id),
    index("allowance_ledger_order_idx").on(t.order_id),
    check(
      "allowance_ledger_kind",
      sql`${t.kind} in ('allotment', 'order', 'cancel', 'adjustment', 'expiry', 'rollover')`,
    ),
  ],
);
