import { bigserial, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns.ts";

/**
 * The audit trail (issue 23 §5, decision 043): one row per change an administrator or approver
 * makes, written in the change's own transaction by the audit service. Append-only: migration 0021
 * adds triggers that refuse UPDATE, DELETE and TRUNCATE, so neither the portal nor the
 * application's own database role can alter a row. No foreign keys on purpose: the person and the
 * record are copied (ids, name, email, label) so no delete elsewhere ever needs to touch a row here.
 */
export const audit_log = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    customer_id: integer().notNull(),
    /** Who: the user id and the name and email they had at the time (null: the system itself). */
    actor_user_id: integer(),
    actor_name: text(),
    actor_email: text(),
    /** From which sign-in: the session (the refresh-token family) id, never a token. */
    session_id: integer(),
    /** The kind of record, e.g. "department", "product", "order" (AUDIT_KINDS in the contract). */
    kind: text().notNull(),
    /** What was done, e.g. "create", "update", "delete", "ship", "replenish". */
    action: text().notNull(),
    record_id: integer().notNull(),
    /** The record's name at the time, e.g. "Cardiology" or "Order #866". */
    record_label: text().notNull(),
    /** Only the fields that changed, before and after; secrets are redacted before they get here. */
    before: jsonb(),
    after: jsonb(),
    ...timestamps,
  },
  (t) => [
    index("audit_log_newest_idx").on(t.customer_id, t.created.desc(), t.id.desc()),
    index("audit_log_record_idx").on(t.kind, t.record_id, t.created.desc()),
    index("audit_log_actor_idx").on(t.actor_user_id, t.created.desc()),
  ],
);
