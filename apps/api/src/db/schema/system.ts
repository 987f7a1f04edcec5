import { bigint, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { refersTo, timestamps } from "./columns.ts";
import { customers } from "./customers.ts";
import { orders } from "./orders.ts";
import { users } from "./users.ts";

/** Sign-in sessions: opaque random tokens stored only as SHA-256 hashes (DESIGN §5). */
export const sessions = pgTable(
  "sessions",
  {
    id: serial().primaryKey(),
    user_id: refersTo(() => users.id, "cascade"),
    customer_id: refersTo(() => customers.id),
    id_token_hash: text().notNull(),
    refresh_token_hash: text().notNull(),
    auth_method: text({ enum: ["address", "password"] }).notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    refresh_expires_at: timestamp({ withTimezone: true }).notNull(),
    revoked_at: timestamp({ withTimezone: true }),
    /**
     * The practice an administrator's session is ordering for (decision 042): while set, every
     * request of the session runs as that practice, with a practice's own rights only.
     */
    acting_for_user_id: integer().references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("sessions_id_token_idx").on(t.id_token_hash),
    uniqueIndex("sessions_refresh_token_idx").on(t.refresh_token_hash),
  ],
);

/**
 * Refresh tokens a refresh has replaced (docs/decisions/026), as SHA-256 hashes: presenting one
 * again means it was copied, and the whole session (the token's family) is revoked.
 */
export const retired_refresh_tokens = pgTable(
  "retired_refresh_tokens",
  {
    token_hash: text().primaryKey(),
    session_id: refersTo(() => sessions.id, "cascade"),
    ...timestamps,
  },
  (t) => [index("retired_refresh_tokens_session_idx").on(t.session_id)],
);

/** Fixed-window counters shared by every API process (sign-in throttling). */
export const rate_limits = pgTable("rate_limits", {
  key: text().primaryKey(),
  window_start: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
  ...timestamps,
});

/** Idempotency-Key of POST /api/order/add: a retried submit returns the first order. */
export const idempotency_keys = pgTable(
  "idempotency_keys",
  {
    id: serial().primaryKey(),
    user_id: refersTo(() => users.id, "cascade"),
    key: text().notNull(),
    /** SHA-256 of the request it was first used with: the same key with another payload is refused (422). */
    request_hash: text(),
    order_id: integer().references(() => orders.id),
    ...timestamps,
  },
  (t) => [uniqueIndex("idempotency_keys_user_key_idx").on(t.user_id, t.key)],
);

/**
 * One-time, expiring links that let a staff user set their password (DESIGN §5): created when an
 * administrator adds a staff user or asks for a reset, sent by email through the outbox, stored
 * only as a SHA-256 hash, and spent by the first use.
 */
export const password_tokens = pgTable(
  "password_tokens",
  {
    id: serial().primaryKey(),
    user_id: refersTo(() => users.id, "cascade"),
    token_hash: text().notNull(),
    /** The address the link was sent to: it works only while the user's email is still this one. */
    email: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    used_at: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex("password_tokens_token_idx").on(t.token_hash), index("password_tokens_user_idx").on(t.user_id)],
);

export const support_requests = pgTable("support_requests", {
  id: serial().primaryKey(),
  customer_id: refersTo(() => customers.id),
  /** 0 when sent before sign-in (SPEC §3). */
  user_id: integer().notNull().default(0),
  method: text().notNull().default("EMAIL"),
  full_name: text().notNull(),
  email: text().notNull(),
  phone: text().notNull(),
  support_category: text().notNull(),
  description: text().notNull(),
  ...timestamps,
});

/** Outgoing mail. Written in the business transaction, sent later; nothing is lost when SMTP is down. */
export const email_outbox = pgTable(
  "email_outbox",
  {
    id: serial().primaryKey(),
    to: text().array().notNull(),
    cc: text().array().notNull().default([]),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** What produced it, e.g. 'order_confirmation', 'support_request', 'low_stock'. */
    kind: text().notNull(),
    status: text({ enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    last_error: text(),
    next_attempt_at: timestamp({ withTimezone: true }).defaultNow().notNull(),
    sent_at: timestamp({ withTimezone: true }),
    /**
     * A message that carries a one-time secret (a set-password link) names it, e.g.
     * `password_token:42`, with the time it expires: once it is used, voided or expired, the secret
     * is cut out of text and html and both columns are cleared (docs/decisions/026).
     */
    secret_ref: text(),
    secret_expires_at: timestamp({ withTimezone: true }),
    /**
     * A sender's lease on the message (decision 024): until then no other process takes it; after
     * it, a sender that died mid-send has its message retried. claimed_by names the claim.
     */
    claimed_until: timestamp({ withTimezone: true }),
    claimed_by: text(),
    ...timestamps,
  },
  (t) => [
    index("email_outbox_pending_idx").on(t.status, t.next_attempt_at),
    index("email_outbox_secret_ref_idx").on(t.secret_ref),
    index("email_outbox_secret_expires_idx").on(t.secret_expires_at),
  ],
);

/** Page touches recorded by POST /api/user/eventLog (home, category, product, add to cart, checkout). */
export const event_log = pgTable(
  "event_log",
  {
    id: serial().primaryKey(),
    customer_id: refersTo(() => customers.id),
    user_id: integer().references(() => users.id, { onDelete: "set null" }),
    event: text().notNull(),
    details: jsonb(),
    ...timestamps,
  },
  (t) => [index("event_log_created_idx").on(t.created)],
);

/**
 * Report downloads (issue 5): a short-lived random code, stored hashed, that lets the browser fetch
 * a streamed CSV by plain navigation. It remembers the validated report request it stands for.
 */
export const report_exports = pgTable(
  "report_exports",
  {
    id: serial().primaryKey(),
    code_hash: text().notNull(),
    user_id: refersTo(() => users.id, "cascade"),
    customer_id: refersTo(() => customers.id),
    request: jsonb().notNull(),
    file_name: text().notNull(),
    expires_at: timestamp({ withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("report_exports_code_idx").on(t.code_hash), index("report_exports_expires_idx").on(t.expires_at)],
);

/**
 * One counter per table that the API processes cache (docs/decisions/017): a trigger of migration
 * 0009 adds one whenever a statement changes the table, and every process compares the counters
 * with the ones its cached values were loaded under.
 */
export const cache_generations = pgTable("cache_generations", {
  source: text().primaryKey(),
  generation: bigint({ mode: "number" }).notNull().default(0),
  ...timestamps,
});
