import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { email_outbox } from "../../db/schema/index.ts";

export type OutgoingEmail = Pick<typeof email_outbox.$inferInsert, "to" | "cc" | "subject" | "text" | "html" | "kind">;

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
