import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../src/db/schema/index.ts";
import { claimDue, markFailed } from "../src/modules/mail/outbox.repository.ts";
import { createOutbox } from "../src/modules/mail/outbox.worker.ts";
import { bearer, createTestApp, freePort, signInPractice } from "./helpers.ts";
import { type ReceivedMail, smtpListener } from "./support/smtp-listener.ts";

/** A real SMTP listener in-process: what the outbox sends is what a mail server receives. */
const received: ReceivedMail[] = [];
const smtp = (port: number, delayMs = 0) => smtpListener(port, (mail) => received.push(mail), delayMs);

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
let server: ReturnType<typeof smtp>;
beforeAll(async () => {
  port = await freePort();
  server = smtp(port);
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, SUPPORT_EMAIL: "support@clinic-help.test" });
});
afterAll(async () => {
  await t.close();
  await server.stop().catch(() => {});
});

const supportRequest = (description: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/support/add",
    payload: {
      full_name: "Maria Lopez",
      email: "maria@happypaws.test",
      phone: "415-555-0101",
      support_category: "Order History",
      description,
    },
  });

describe("the mail outbox over SMTP", () => {
  it("keeps messages while the SMTP server is down and sends them once it is back", async () => {
    const res = await supportRequest("Where is my last order?");
    const id = res.json().data.id;
    expect(await t.app.outbox.flush()).toBe(0);
    const [queued] = await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "support_request"));
    expect(queued).toMatchObject({ status: "pending", attempts: 1 });
    expect(queued?.last_error).toBeTruthy();
    expect(queued?.next_attempt_at.getTime()).toBeGreaterThan(Date.now());

    await server.start();
    // Not due yet: the back-off holds it.
    expect(await t.app.outbox.flush()).toBe(0);
    await t.db.update(email_outbox).set({ next_attempt_at: new Date() }).where(eq(email_outbox.status, "pending"));
    expect(await t.app.outbox.flush()).toBe(1);
    const mail = received.find((m) => m.raw.includes("Where is my last order?"));
    expect(mail?.to).toEqual(["support@clinic-help.test"]);
    expect(mail?.raw).toContain(`#${id}`);
    const [sent] = await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "support_request"));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("delivers the order confirmation to the orderer and the department's cc list", async () => {
    const login = await signInPractice(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/order/add",
      headers: bearer(login.access_token),
      payload: {
        contact_name: "Maria Lopez",
        contact_phone: "415-555-0101",
        email: "maria@happypaws.test",
        delivery_method_id: 1,
        items: [{ id: 144048, quantity: 2 }],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.outbox.flush()).toBe(1);
    const mail = received.find((m) => m.raw.includes(`#${res.json().data}`));
    expect(mail?.to.sort()).toEqual(["maria@happypaws.test", "sales-west@companionhealth.test"]);
    expect(mail?.raw).toContain("Puppy Starter Kit Folder");
  });
});

/** The Message-ID header of a received message. */
const messageId = (raw: string) => /^Message-ID: *(<[^>]+>)/im.exec(raw)?.[1];
const silent = { info() {}, warn() {} };

describe("the outbox with several senders on one database (decision 024)", () => {
  let slowPort: number;
  let slow: ReturnType<typeof smtp>;
  beforeAll(async () => {
    slowPort = await freePort();
    slow = smtp(slowPort, 20);
    await slow.start();
  });
  afterAll(() => slow.stop());

  const sender = (leaseMs?: number) =>
    createOutbox(t.db, silent, { smtpUrl: `smtp://127.0.0.1:${slowPort}`, from: "orders@vetportal.example", leaseMs });
  const queueSupportRequests = async (n: number, tag: string) => {
    for (let i = 0; i < n; i++) expect((await supportRequest(`${tag} ${i}`)).statusCode).toBe(200);
    const rows = await t.db.select().from(email_outbox).where(eq(email_outbox.status, "pending"));
    return rows.filter((r) => r.text.includes(tag));
  };
  const deliveredOf = (rows: { id: number }[]) =>
    received.filter((m) => rows.some((r) => messageId(m.raw)?.startsWith(`<outbox.${r.id}.`)));

  it("sends each message once when two senders work through one backlog at the same time", async () => {
    const rows = await queueSupportRequests(12, "Two senders");
    const [a, b] = [sender(), sender()];
    const [sentA, sentB] = await Promise.all([a.flush(), b.flush()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(sentA + sentB).toBe(12);
    expect(sentA).toBeGreaterThan(0);
    expect(sentB).toBeGreaterThan(0);
    const ids = deliveredOf(rows).map((m) => messageId(m.raw));
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    const after = await t.db
      .select()
      .from(email_outbox)
      .where(
        inArray(
          email_outbox.id,
          rows.map((r) => r.id),
        ),
      );
    expect(after.every((r) => r.status === "sent" && r.attempts === 1 && r.claimed_until === null)).toBe(true);
  });

  it("leaves a message to the sender that claimed it, and retries it once that sender's lease is over", async () => {
    const [row] = await queueSupportRequests(1, "Crashed sender");
    if (!row) throw new Error("not queued");
    // A sender claims the message and dies before sending it: nothing marks it.
    expect((await claimDue(t.db, 10, 60_000, "crashed")).map((r) => r.id)).toEqual([row.id]);
    const other = sender();
    expect(await other.flush()).toBe(0);
    expect(deliveredOf([row])).toEqual([]);
    // Its lease runs out.
    await t.db
      .update(email_outbox)
      .set({ claimed_until: new Date(Date.now() - 1000) })
      .where(eq(email_outbox.id, row.id));
    expect(await other.flush()).toBe(1);
    await other.stop();
    expect(deliveredOf([row])).toHaveLength(1);
    const [after] = await t.db.select().from(email_outbox).where(eq(email_outbox.id, row.id));
    // The crashed attempt counts, so a message that kills its sender each time runs out of attempts.
    expect(after).toMatchObject({ status: "sent", attempts: 2, claimed_by: null });
  });

  it("never undoes a send by another sender with a late failure of an expired claim", async () => {
    const [row] = await queueSupportRequests(1, "Late failure");
    if (!row) throw new Error("not queued");
    await claimDue(t.db, 10, 1_000, "slow");
    await t.db
      .update(email_outbox)
      .set({ claimed_until: new Date(Date.now() - 1000) })
      .where(eq(email_outbox.id, row.id));
    const other = sender();
    expect(await other.flush()).toBe(1);
    await other.stop();
    // The first sender's send finally fails: the message stays sent, and is not sent again.
    await markFailed(t.db, row.id, "slow", "timeout", new Date(), false);
    const [after] = await t.db.select().from(email_outbox).where(eq(email_outbox.id, row.id));
    expect(after?.status).toBe("sent");
    expect(await t.app.outbox.flush()).toBe(0);
    expect(deliveredOf([row])).toHaveLength(1);
  });
});
