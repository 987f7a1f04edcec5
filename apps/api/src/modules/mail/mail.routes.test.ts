import { describe, expect, it } from "vitest";
import { bearer } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { queueEmail } from "./mail.service.ts";

/** Issue 22 §6: queued mail is readable without an SMTP server, by administrators only. */
const t = useSignedInApp();

const post = (token: string) =>
  t.app.inject({ method: "POST", url: "/api/mail/outbox", payload: {}, headers: bearer(token) });

describe("POST /api/mail/outbox", () => {
  it("lists the newest messages, whole, for an administrator", async () => {
    await queueEmail(t.db, {
      kind: "test",
      to: ["dana@clinic.example"],
      subject: "Outbox check",
      text: "Hello\nthere",
    });
    const res = await post(t.admin);
    expect(res.statusCode, res.body).toBe(200);
    const [newest] = res.json().data;
    expect(newest).toMatchObject({
      kind: "test",
      to: ["dana@clinic.example"],
      cc: [],
      subject: "Outbox check",
      text: "Hello\nthere",
      status: "pending",
      sent_at: null,
    });
  });

  it("cuts a live link's secret out of what it shows", async () => {
    await queueEmail(t.db, {
      kind: "test",
      to: ["staff@clinic.example"],
      subject: "Set your password",
      text: "Open https://portal.example/set-password#token=live-secret-123 to set it.",
    });
    const res = await post(t.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain("live-secret-123");
    expect(res.json().data[0].text).toBe("Open https://portal.example/set-password#token=REDACTED to set it.");
  });

  it("is refused to a practice and to nobody signed in", async () => {
    expect((await post(t.practice)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "POST", url: "/api/mail/outbox", payload: {} })).statusCode).toBe(401);
  });
});
