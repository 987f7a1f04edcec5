import type { Executor } from "../../db/client.ts";
import * as repo from "./outbox.repository.ts";

/** What other modules send: a message for the outbox (its worker delivers it, with retries). */
export type OutgoingEmail = repo.OutgoingEmail;

/** Queues a message in the caller's transaction: it is sent only if the business change commits. */
export function queueEmail(tx: Executor, email: OutgoingEmail): Promise<void> {
  return repo.queueEmail(tx, email);
}

/** Messages waiting, given up on, and how long the most overdue one has waited (readiness and metrics). */
export function readOutboxBacklog(db: Executor) {
  return repo.readBacklog(db);
}
