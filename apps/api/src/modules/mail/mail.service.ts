import type { Database, Executor } from "../../db/client.ts";
import * as repo from "./outbox.repository.ts";

/** What other modules send: a message for the outbox (its worker delivers it, with retries). */
export type OutgoingEmail = repo.OutgoingEmail;

/** Queues a message in the caller's transaction: it is sent only if the business change commits. */
export function queueEmail(tx: Executor, email: OutgoingEmail): Promise<void> {
  return repo.queueEmail(tx, email);
}

/**
 * Cuts one-time secrets (set-password links) out of the stored messages that carry them, in the
 * caller's transaction: what a link's use or voiding does to the outbox (docs/decisions/026).
 */
export function forgetSecrets(tx: Executor, refs: string[]): Promise<void> {
  return repo.forgetSecrets(tx, refs);
}

type SweepLog = { warn(obj: unknown, msg?: string): void };

/**
 * A timer that cuts expired secrets out of stored messages (a link nobody used still must not stay
 * in the table after it expired). server.ts starts it; tests call run().
 */
export function createSecretSweep(db: Database, log: SweepLog, intervalMs = 60_000) {
  let timer: NodeJS.Timeout | undefined;
  const run = () => repo.forgetExpiredSecrets(db);
  return {
    run,
    start() {
      timer = setInterval(() => {
        run().catch((err) => log.warn({ err: String(err) }, "secret sweep failed"));
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}

export type SecretSweep = ReturnType<typeof createSecretSweep>;
/** Messages waiting, given up on, and how long the most overdue one has waited (readiness and metrics). */
export function readOutboxBacklog(db: Executor) {
  return repo.readBacklog(db);
}

/** The newest messages of the outbox, for the administrators' page (issue 22 §6). */
export async function listOutbox(db: Executor, limit: number) {
  const rows = await repo.listRecent(db, limit);
  return rows.map((row) => ({
    ...row,
    created: row.created.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  }));
}
