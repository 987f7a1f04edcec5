import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email_outbox } from "../src/db/schema/index.ts";
import { bearer, createTestApp, freePort, signInPractice } from "./helpers.ts";

/** A real SMTP listener in-process: what the outbox sends is what a mail server receives. */
interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];

function smtp(port: number) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
