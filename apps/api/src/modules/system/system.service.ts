import type { Readiness } from "@vetportal/contract";
import type { DatabaseHandle } from "../../db/client.ts";
import { countPendingMigrations } from "../../db/migrations.ts";
import { readOutboxBacklog } from "../mail/mail.service.ts";

/** A due message this long past its send time means no process is sending (docs/operations.md). */
export const OUTBOX_STUCK_AFTER_SECONDS = 15 * 60;
/** Longest wait for the database's answers before it counts as down. */
const CHECK_TIMEOUT_MS = 2_000;

const within = <T>(promise: Promise<T>, fallback: T): Promise<T> =>
  Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS).unref()),
  ]);

/** Databases whose migrations were seen applied (they stay applied while the process runs). */
const migrated = new WeakSet<DatabaseHandle>();

/**
 * May this process take traffic (GET /api/ready, decision 029)? The database answers, every
 * committed migration is applied, and, when mail is sent (SMTP_URL), no due message has waited
 * longer than OUTBOX_STUCK_AFTER_SECONDS: the senders are stuck. Messages that fail and are retried
 * are not a reason (the relay is down, not this process): they are a metric and an alert.
 */
export async function checkReadiness(database: DatabaseHandle, options: { sendsMail: boolean }): Promise<Readiness> {
  const reasons: string[] = [];
  const up = await within(database.ping(), false);
  if (!up) {
    return {
      status: "not_ready",
      checks: { database: "down", migrations: "unknown", outbox: "unknown" },
      reasons: ["The database does not answer."],
    };
  }

  let migrations: Readiness["checks"]["migrations"] = "ok";
  if (!migrated.has(database)) {
    const pending = await within(countPendingMigrations(database.db), -1);
    if (pending === 0) migrated.add(database);
    else if (pending > 0) {
      migrations = "pending";
      reasons.push(`${pending} migration(s) not applied.`);
    } else {
      migrations = "unknown";
      reasons.push("The applied migrations could not be read within 2 s.");
    }
  }

  const backlog = await within(readOutboxBacklog(database.db), undefined);
  let outbox: Readiness["checks"]["outbox"] = "ok";
  if (!backlog) {
    outbox = "unknown";
    reasons.push("The outbox could not be read within 2 s (the database is busy or failing).");
  } else if (options.sendsMail && backlog.overdueSeconds > OUTBOX_STUCK_AFTER_SECONDS) {
    outbox = "stuck";
    reasons.push(`An email due ${Math.round(backlog.overdueSeconds / 60)} minutes ago has not been sent.`);
  }

  return {
    status: reasons.length ? "not_ready" : "ready",
    checks: { database: "ok", migrations, outbox },
    reasons,
    ...(backlog && { outbox: { pending: backlog.pending, failed: backlog.failed } }),
  };
}
