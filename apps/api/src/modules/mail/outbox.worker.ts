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

/** What a worker keeps between passes. */
interface Worker {
  db: Database;
  log: Log;
  from: string;
  transport: Transporter | undefined;
  maxAttempts: number;
  leaseMs: number;
  sender: string;
  domain: string;
  announced: Set<number>;
  /** Accepted by the SMTP server, but the database did not take the mark: marked on the next pass. */
  unmarked: Set<number>;
  claims: number;
}

type Transporter = ReturnType<typeof nodemailer.createTransport>;
type Message = Awaited<ReturnType<typeof repo.claimDue>>[number];

async function announceDue({ db, log, announced }: Worker) {
  for (const message of await repo.listDue(db, PASS_SIZE)) {
    if (announced.has(message.id)) continue;
    announced.add(message.id);
    log.info(
      { id: message.id, kind: message.kind, to: message.to, subject: message.subject },
      "mail queued (SMTP_URL not set: not sent)",
    );
  }
}

async function markSent({ db, log, unmarked }: Worker, id: number): Promise<boolean> {
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

/** Sends one claimed message; a failure schedules its retry. Whether the SMTP server accepted it. */
async function sendMessage(worker: Worker, transport: Transporter, message: Message, claim: string) {
  try {
    await transport.sendMail({
      from: worker.from,
      to: message.to,
      cc: message.cc.length ? message.cc : undefined,
      subject: message.subject,
      text: message.text,
      html: message.html ?? undefined,
      // One Message-ID per outbox row: a resend after a crash is recognisably the same message.
      messageId: `<outbox.${message.id}.${message.created.getTime()}@${worker.domain}>`,
    });
    return true;
  } catch (err) {
    const attempt = message.attempts;
    const error = err instanceof Error ? err.message : String(err);
    worker.log.warn({ id: message.id, attempt, error }, "mail not sent; will retry");
    await repo.markFailed(
      worker.db,
      message.id,
      claim,
      error,
      new Date(Date.now() + backoffMs(attempt)),
      attempt >= worker.maxAttempts,
    );
    return false;
  }
}

/** Sends the messages of one claim, in order; returns how many were sent and marked. */
async function sendClaimed(worker: Worker, transport: Transporter, due: Message[], claim: string, claimedAt: number) {
  let sent = 0;
  for (const [i, message] of due.entries()) {
    if (worker.unmarked.has(message.id)) {
      await markSent(worker, message.id);
      continue;
    }
    // Start a send only while the lease has room for it: past the lease another process may
    // take the message, and both would send it.
    if (performance.now() - claimedAt > worker.leaseMs / 2) {
      await repo.releaseClaims(
        worker.db,
        due.slice(i).map((m) => m.id),
        claim,
      );
      break;
    }
    if (!(await sendMessage(worker, transport, message, claim))) continue;
    if (await markSent(worker, message.id)) sent++;
  }
  return sent;
}

async function deliverDue(worker: Worker): Promise<number> {
  const { transport } = worker;
  if (!transport) {
    await announceDue(worker);
    return 0;
  }
  for (const id of worker.unmarked) await markSent(worker, id);
  let sent = 0;
  let taken = 0;
  while (taken < PASS_SIZE) {
    const claim = `${worker.sender}:${++worker.claims}`;
    const claimedAt = performance.now();
    const due = await repo.claimDue(worker.db, Math.min(CLAIM_SIZE, PASS_SIZE - taken), worker.leaseMs, claim);
    if (!due.length) break;
    taken += due.length;
    sent += await sendClaimed(worker, transport, due, claim, claimedAt);
  }
  return sent;
}

/**
 * Sends queued mail through SMTP (nodemailer). Each pass claims due messages in the database
 * (decision 024), so several API processes on one database never send one message twice; a message
 * is marked sent as soon as the SMTP server accepted it; a failure schedules a retry with back-off,
 * so nothing is lost while SMTP is down. Without SMTP_URL messages stay pending, and each is logged
 * once.
 */
export function createOutbox(db: Database, log: Log, options: OutboxOptions) {
  const worker: Worker = {
    db,
    log,
    from: options.from,
    transport: options.smtpUrl ? nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS }) : undefined,
    maxAttempts: options.maxAttempts ?? 20,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    sender: randomUUID(),
    domain: options.from.slice(options.from.lastIndexOf("@") + 1),
    announced: new Set<number>(),
    unmarked: new Set<number>(),
    claims: 0,
  };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  return {
    /** One pass over due messages (also what tests call). Never runs two passes at once. */
    flush(): Promise<number> {
      running ??= deliverDue(worker).finally(() => {
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
      worker.transport?.close();
    },
  };
}

export type Outbox = ReturnType<typeof createOutbox>;
