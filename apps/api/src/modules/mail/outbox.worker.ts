import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Database } from "../../db/client.ts";
import * as repo from "./outbox.repository.ts";

type Log = { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };

export interface OutboxOptions {
  smtpUrl?: string;
  from: string;
  /** How often to look for due messages. */
  intervalMs?: number;
  /** Attempts before a message is marked failed (it stays in the table either way). */
  maxAttempts?: number;
  /**
   * How long a sender's claim on a message lasts (decision 024): another process sends a message
   * its sender died with once this is over. A send starts only with half of it left.
   */
  leaseMs?: number;
}

/** Messages one claim takes: small, so several processes share a backlog evenly. */
const CLAIM_SIZE = 10;
/** Messages one pass sends at most. */
const PASS_SIZE = 50;
/** nodemailer's limits on a connection, well inside the default lease (a send is bounded by them). */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
export const DEFAULT_LEASE_MS = 120_000;

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export const backoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

/**
 * Sends queued mail through SMTP (nodemailer). Each pass claims due messages in the database
 * (decision 024), so several API processes on one database never send one message twice; a message
 * is marked sent as soon as the SMTP server accepted it; a failure schedules a retry with back-off,
 * so nothing is lost while SMTP is down. Without SMTP_URL messages stay pending, and each is logged
 * once.
 */
export function createOutbox(db: Database, log: Log, options: OutboxOptions) {
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS })
    : undefined;
  const maxAttempts = options.maxAttempts ?? 20;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const sender = randomUUID();
  const domain = options.from.slice(options.from.lastIndexOf("@") + 1);
  const announced = new Set<number>();
  /** Accepted by the SMTP server, but the database did not take the mark: marked on the next pass. */
  const unmarked = new Set<number>();
  let claims = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function announceDue() {
    for (const message of await repo.listDue(db, PASS_SIZE)) {
      if (announced.has(message.id)) continue;
      announced.add(message.id);
      log.info(
        { id: message.id, kind: message.kind, to: message.to, subject: message.subject },
        "mail queued (SMTP_URL not set: not sent)",
      );
    }
  }

  async function markSent(id: number): Promise<boolean> {
    try {
      await repo.markSent(db, id);
      unmarked.delete(id);
      return true;
    } catch (err) {
      // Sent but not marked: retried on the next pass; if this process dies first, the message is
      // sent again after its lease (the one window decision 024 leaves).
      unmarked.add(id);
      log.warn({ id, err: String(err) }, "mail sent but not marked sent; will mark it on the next pass");
      return false;
    }
  }

  async function deliverDue(): Promise<number> {
    if (!transport) {
      await announceDue();
      return 0;
    }
    for (const id of unmarked) await markSent(id);
    let sent = 0;
    let taken = 0;
    while (taken < PASS_SIZE) {
      const claim = `${sender}:${++claims}`;
      const claimedAt = performance.now();
      const due = await repo.claimDue(db, Math.min(CLAIM_SIZE, PASS_SIZE - taken), leaseMs, claim);
      if (!due.length) break;
      taken += due.length;
      for (const [i, message] of due.entries()) {
        if (unmarked.has(message.id)) {
          await markSent(message.id);
          continue;
        }
        // Start a send only while the lease has room for it: past the lease another process may
        // take the message, and both would send it.
        if (performance.now() - claimedAt > leaseMs / 2) {
          await repo.releaseClaims(
            db,
            due.slice(i).map((m) => m.id),
            claim,
          );
          break;
        }
        try {
          await transport.sendMail({
            from: options.from,
            to: message.to,
            cc: message.cc.length ? message.cc : undefined,
            subject: message.subject,
            text: message.text,
            html: message.html ?? undefined,
            // One Message-ID per outbox row: a resend after a crash is recognisably the same message.
            messageId: `<outbox.${message.id}.${message.created.getTime()}@${domain}>`,
          });
        } catch (err) {
          const attempt = message.attempts;
          const error = err instanceof Error ? err.message : String(err);
          log.warn({ id: message.id, attempt, error }, "mail not sent; will retry");
          await repo.markFailed(
            db,
            message.id,
            claim,
            error,
            new Date(Date.now() + backoffMs(attempt)),
            attempt >= maxAttempts,
          );
          continue;
        }
        if (await markSent(message.id)) sent++;
      }
    }
    return sent;
  }

  return {
    /** One pass over due messages (also what tests call). Never runs two passes at once. */
    flush(): Promise<number> {
      running ??= deliverDue().finally(() => {
        running = undefined;
      });
      return running;
    },
    start() {
      timer = setInterval(() => {
        this.flush().catch((err) => log.warn({ err: String(err) }, "outbox pass failed"));
      }, options.intervalMs ?? 5_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
      transport?.close();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
