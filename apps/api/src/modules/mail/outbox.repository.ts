import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { email_outbox } from "../../db/schema/index.ts";

export type OutgoingEmail = Pick<
  typeof email_outbox.$inferInsert,
  "to" | "cc" | "subject" | "text" | "html" | "kind" | "secret_ref" | "secret_expires_at"
>;

/** Queues a message in the caller's transaction: it is sent only if the business change commits. */
export async function queueEmail(db: Executor, email: OutgoingEmail) {
  await db.insert(email_outbox).values({ ...email, cc: email.cc ?? [] });
}

export async function listDue(db: Executor, limit: number) {
  return db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.status, "pending"), lte(email_outbox.next_attempt_at, sql`now()`)))
    .orderBy(asc(email_outbox.id))
    .limit(limit);
}

export async function markSent(db: Executor, id: number) {
  await db
    .update(email_outbox)
    .set({ status: "sent", sent_at: new Date(), attempts: sql`${email_outbox.attempts} + 1`, last_error: null })
    .where(eq(email_outbox.id, id));
}

export async function markFailed(db: Executor, id: number, error: string, nextAttemptAt: Date, giveUp: boolean) {
  await db
    .update(email_outbox)
    .set({
      status: giveUp ? "failed" : "pending",
      attempts: sql`${email_outbox.attempts} + 1`,
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt,
    })
    .where(eq(email_outbox.id, id));
}

export async function countByStatus(db: Executor, ids: number[]) {
  return db
    .select({ id: email_outbox.id, status: email_outbox.status })
    .from(email_outbox)
    .where(inArray(email_outbox.id, ids));
}

/**
 * How a secret appears in a stored message: the value of a `token` or `code` parameter of a link
 * (`…/set-password#token=…`, `?token=…`). Cut out, it reads `token=REDACTED` (docs/decisions/026).
 */
const SECRET_IN_LINK = "([?#&](token|code)=)[A-Za-z0-9_-]+";
const redacted = (column: typeof email_outbox.text | typeof email_outbox.html) =>
  sql`regexp_replace(${column}, ${SECRET_IN_LINK}, ${"\\1REDACTED"}, 'g')`;

/**
 * Cuts the secrets named (e.g. `password_token:42`) out of every message that carries them, sent
 * or not, in the caller's transaction: a used or voided link is kept in no table.
 */
export async function forgetSecrets(db: Executor, refs: string[]) {
  if (refs.length === 0) return;
  await db
    .update(email_outbox)
    .set({
      text: redacted(email_outbox.text),
      html: redacted(email_outbox.html),
      secret_ref: null,
      secret_expires_at: null,
    })
    .where(inArray(email_outbox.secret_ref, refs));
}

/** Cuts every expired secret out of the stored messages; returns how many messages changed. */
export async function forgetExpiredSecrets(db: Executor) {
  const rows = await db
    .update(email_outbox)
    .set({
      text: redacted(email_outbox.text),
      html: redacted(email_outbox.html),
      secret_ref: null,
      secret_expires_at: null,
    })
    .where(and(isNotNull(email_outbox.secret_expires_at), lte(email_outbox.secret_expires_at, sql`now()`)))
    .returning({ id: email_outbox.id });
  return rows.length;
}

/**
 * The outbox's backlog for readiness and metrics (decision 029), in one statement over the
 * (status, next_attempt_at) index: messages waiting, given up on, and how long the longest-overdue
 * due message has waited past its time (0 when none is due).
 */
export async function readBacklog(db: Executor) {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${email_outbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${email_outbox.status} = 'failed')::int`,
      overdueSeconds: sql<number>`coalesce(extract(epoch from now() - min(${email_outbox.next_attempt_at}) filter (where ${email_outbox.status} = 'pending' and ${email_outbox.next_attempt_at} <= now())), 0)::float8`,
    })
    .from(email_outbox)
    .where(inArray(email_outbox.status, ["pending", "failed"]));
  return { pending: row?.pending ?? 0, failed: row?.failed ?? 0, overdueSeconds: row?.overdueSeconds ?? 0 };
}
