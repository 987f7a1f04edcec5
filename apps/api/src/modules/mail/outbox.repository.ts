import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
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

/** Due messages, without claiming them: only for logging what waits while no SMTP server is set. */
export async function listDue(db: Executor, limit: number) {
  return db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.status, "pending"), lte(email_outbox.next_attempt_at, sql`now()`)))
    .orderBy(asc(email_outbox.id))
    .limit(limit);
}

/**
 * Claims up to `limit` due messages for one sender (decision 024), in one statement: rows another
 * sender is claiming right now are skipped (`FOR UPDATE SKIP LOCKED`), rows under a live lease are
 * not due, and each claimed row gets a lease of `leaseMs` by the database's clock and counts the
 * attempt, so a sender that dies mid-send has its message retried once the lease is over, and a
 * message that kills its sender every time still runs out of attempts.
 */
export async function claimDue(db: Executor, limit: number, leaseMs: number, claimedBy: string) {
  const due = db
    .select({ id: email_outbox.id })
    .from(email_outbox)
    .where(
      and(
        eq(email_outbox.status, "pending"),
        lte(email_outbox.next_attempt_at, sql`now()`),
        or(isNull(email_outbox.claimed_until), lt(email_outbox.claimed_until, sql`now()`)),
      ),
    )
    .orderBy(asc(email_outbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(email_outbox)
    .set({
      claimed_until: sql`now() + ${leaseMs} * interval '1 millisecond'`,
      claimed_by: claimedBy,
      attempts: sql`${email_outbox.attempts} + 1`,
    })
    .where(inArray(email_outbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** A claimed message was accepted by the SMTP server: never send it again, whoever claims it now. */
export async function markSent(db: Executor, id: number) {
  await db
    .update(email_outbox)
    .set({ status: "sent", sent_at: new Date(), last_error: null, claimed_until: null, claimed_by: null })
    .where(eq(email_outbox.id, id));
}

/**
 * A claimed message was refused or not delivered: schedules its retry, or gives up. Only while the
 * claim is still this sender's: after its lease another sender may have taken the message (and
 * sent it), which a late failure must not undo.
 */
export async function markFailed(
  db: Executor,
  id: number,
  claimedBy: string,
  error: string,
  nextAttemptAt: Date,
  giveUp: boolean,
) {
  await db
    .update(email_outbox)
    .set({
      status: giveUp ? "failed" : "pending",
      last_error: error.slice(0, 1000),
      next_attempt_at: nextAttemptAt,
      claimed_until: null,
      claimed_by: null,
    })
    .where(and(eq(email_outbox.id, id), eq(email_outbox.claimed_by, claimedBy), eq(email_outbox.status, "pending")));
}

/** Gives back claims a sender will not use (it stops before their send): they are due again at once. */
export async function releaseClaims(db: Executor, ids: number[], claimedBy: string) {
  if (!ids.length) return;
  await db
    .update(email_outbox)
    .set({ claimed_until: null, claimed_by: null, attempts: sql`${email_outbox.attempts} - 1` })
    .where(
      and(inArray(email_outbox.id, ids), eq(email_outbox.claimed_by, claimedBy), eq(email_outbox.status, "pending")),
    );
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
  sql<string>`regexp_replace(${column}, ${SECRET_IN_LINK}, ${"\\1REDACTED"}, 'g')`;

/** The columns of a message once its secret is cut out of it. */
const withoutSecrets = () => ({
  text: redacted(email_outbox.text),
  html: redacted(email_outbox.html),
  secret_ref: null,
  secret_expires_at: null,
});

/**
 * Cuts the secrets named (e.g. `password_token:42`) out of every message that carries them, sent
 * or not, in the caller's transaction: a used or voided link is kept in no table.
 */
export async function forgetSecrets(db: Executor, refs: string[]) {
  if (refs.length === 0) return;
  await db.update(email_outbox).set(withoutSecrets()).where(inArray(email_outbox.secret_ref, refs));
}

/** Cuts every expired secret out of the stored messages; returns how many messages changed. */
export async function forgetExpiredSecrets(db: Executor) {
  const rows = await db
    .update(email_outbox)
    .set(withoutSecrets())
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

/**
 * The newest messages, any status: what the administrators' outbox page lists (issue 22 §6). A link
 * still live (a set-password link not yet used) is shown with its secret cut out, as stored mail is
 * once the link is spent: reading the outbox never hands anyone another person's link.
 */
export async function listRecent(db: Executor, limit: number) {
  return db
    .select({
      id: email_outbox.id,
      kind: email_outbox.kind,
      to: email_outbox.to,
      cc: email_outbox.cc,
      subject: email_outbox.subject,
      text: redacted(email_outbox.text),
      status: email_outbox.status,
      attempts: email_outbox.attempts,
      last_error: email_outbox.last_error,
      created: email_outbox.created,
      sent_at: email_outbox.sent_at,
    })
    .from(email_outbox)
    .orderBy(desc(email_outbox.id))
    .limit(limit);
}
