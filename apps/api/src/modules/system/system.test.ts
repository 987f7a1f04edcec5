import { MESSAGES } from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createTestApp, openTestDatabase, signInPractice, testConfig } from "../../../test/helpers.ts";
import { buildApp } from "../../app.ts";
import { email_outbox, support_requests } from "../../db/schema/index.ts";
import { OUTBOX_STUCK_AFTER_SECONDS } from "./system.service.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: "help@clinic-support.test" });
});
afterAll(() => t.close());

describe("system endpoints", () => {
  it("reports health with database reachability", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: "ok", database: "up", driver: process.env.TEST_DRIVER });
  });

  it("serves public settings", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/settings" });
    expect(res.json().data).toMatchObject({ support_hours: MESSAGES.supportHours, support_phone: "800-555-0199" });
  });

  it("sets security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["strict-transport-security"]).toBeDefined();
  });

  it("publishes an OpenAPI document generated from the contract", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/auth", "/api/product/categories", "/api/useradmin/previlege"]),
    );
    expect((await t.app.inject({ method: "GET", url: "/api/docs" })).statusCode).toBeLessThan(400);
  });

  it("answers unknown API paths with the JSON error body", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/nothing/here", payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 0, error: { code: "NOT_FOUND" } });
  });
});

describe("POST /api/support/add", () => {
  const request = {
    full_name: "Maria Lopez",
    email: "maria@happypaws.test",
    phone: "415-555-0101",
    support_category: "Shopping Cart",
    description: "The cart forgets my quantities.",
  };

  it("stores a request before sign-in with user id 0 and queues an email to support", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/support/add", payload: request });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id;
    const [row] = await t.db.select().from(support_requests).where(eq(support_requests.id, id));
    expect(row).toMatchObject({ user_id: 0, method: "EMAIL", support_category: "Shopping Cart" });
    const mail = await t.db.select().from(email_outbox).where(eq(email_outbox.kind, "support_request"));
    expect(mail.at(-1)).toMatchObject({ to: ["help@clinic-support.test"], status: "pending" });
    expect(mail.at(-1)?.text).toContain("The cart forgets my quantities.");
  });

  it("records the signed-in user", async () => {
    const login = await signInPractice(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/support/add",
      payload: request,
      headers: bearer(login.access_token),
    });
    const [row] = await t.db.select().from(support_requests).where(eq(support_requests.id, res.json().data.id));
    expect(row?.user_id).toBe(login.profile.user_id);
  });

  it("rejects missing fields and an unknown category, storing nothing", async () => {
    const before = (await t.db.select().from(support_requests)).length;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/support/add",
      payload: { ...request, description: " ", support_category: "Billing", email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields).sort()).toEqual(["description", "email", "support_category"]);
    expect((await t.db.select().from(support_requests)).length).toBe(before);
  });
});

describe("GET /api/ready", () => {
  it("is ready when the database answers, every migration is applied and the outbox moves", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      status: "ready",
      checks: { database: "ok", migrations: "ok", outbox: "ok" },
      reasons: [],
    });
  });

  it("is not ready (503, with the reasons) while a migration is missing or a due email waits too long", async () => {
    // An app of its own, sending mail, on a database that lost its latest migration record.
    const own = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      await own.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      await own.db.insert(email_outbox).values({
        to: ["ops@clinic.test"],
        subject: "Waiting",
        text: "Waiting",
        kind: "support_request",
        next_attempt_at: new Date(Date.now() - (OUTBOX_STUCK_AFTER_SECONDS + 60) * 1000),
      });
      const res = await own.app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toMatchObject({
        status: "not_ready",
        checks: { database: "ok", migrations: "pending", outbox: "stuck" },
      });
      expect(res.json().data.reasons).toHaveLength(2);
      expect(res.json().data.reasons[0]).toMatch(/1 migration\(s\) not applied/);
    } finally {
      await own.close();
    }
  });

  it("does not count unsent mail against readiness when no SMTP_URL is set (mail is kept, not sent)", async () => {
    await t.db.insert(email_outbox).values({
      to: ["ops@clinic.test"],
      subject: "Kept",
      text: "Kept",
      kind: "support_request",
      next_attempt_at: new Date(Date.now() - (OUTBOX_STUCK_AFTER_SECONDS + 60) * 1000),
    });
    const res = await t.app.inject({ method: "GET", url: "/api/ready" });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.outbox.pending).toBeGreaterThanOrEqual(1);
  });

  it("is not ready when the database is gone", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database, validateResponses: true });
    try {
      await database.close();
      const res = await app.inject({ method: "GET", url: "/api/ready" });
      expect(res.statusCode).toBe(503);
      expect(res.json().data).toMatchObject({ status: "not_ready", checks: { database: "down" } });
      // Liveness stays its own check.
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });
});
