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
}

/** Retry delay after the n-th failed attempt: 30 s, 1 min, 2 min … capped at one hour. */
export const backoffMs = (attempt: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, attempt - 1));

/**
 * Sends queued mail through SMTP (nodemailer). A message is marked sent only after the SMTP server
 * accepted it; a failure schedules a retry with back-off, so nothing is lost while SMTP is down.
 * Without SMTP_URL messages stay pending, and each is logged once.
 */
export function createOutbox(db: Database, log: Log, options: OutboxOptions) {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  const maxAttempts = options.maxAttempts ?? 20;
  const announced = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function deliverDue(): Promise<number> {
    const due = await repo.listDue(db, 50);
    let sent = 0;
    for (const message of due) {
      if (!transport) {
        if (!announced.has(message.id)) {
          announced.add(message.id);
          log.info(
            { id: message.id, kind: message.kind, to: message.to, subject: message.subject },
            "mail queued (SMTP_URL not set: not sent)",
          );
        }
        continue;
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          cc: message.cc.length ? message.cc : undefined,
          subject: message.subject,
          text: message.text,
          html: message.html ?? undefined,
        });
        await repo.markSent(db, message.id);
        sent++;
      } catch (err) {
        const attempt = message.attempts + 1;
        const error = err instanceof Error ? err.message : String(err);
        log.warn({ id: message.id, attempt, error }, "mail not sent; will retry");
        await repo.markFailed(db, message.id, error, new Date(Date.now() + backoffMs(attempt)), attempt >= maxAttempts);
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
