import { hasCauseCode } from "../lib/error-causes.ts";
import type { Database } from "./client.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * SQLSTATEs after which PostgreSQL has rolled the whole transaction back and running it again from
 * the start is safe: serialization_failure and deadlock_detected.
 */
const RETRYABLE = new Set(["40001", "40P01"]);

/** Attempts in all, the first included. */
export const TRANSACTION_ATTEMPTS = 3;

/** Whether the error (or one it wraps, as Drizzle's query errors do) is a retryable abort. */
export function isRetryableAbort(err: unknown): boolean {
  return hasCauseCode(err, (code) => RETRYABLE.has(code));
}

/**
 * Runs fn, and again from the start (up to TRANSACTION_ATTEMPTS in all) when the server aborted its
 * transaction for a deadlock or a serialization failure. Anything else fn throws is passed on at once.
 */
export async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableAbort(err)) throw err;
    }
  }
}

/** Runs fn in a transaction, and in a new one after a retryable abort: every attempt starts from a clean slate. */
export function inRetriedTransaction<T>(db: Database, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return withRetries(() => db.transaction(fn));
}
