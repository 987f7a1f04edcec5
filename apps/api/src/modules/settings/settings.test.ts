import { SETTINGS_MESSAGES } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, queryRows, signIn } from "../../../test/helpers.ts";
import { useSignedInApp } from "../../../test/support/app.ts";
import { portal_settings, users } from "../../db/schema/index.ts";
import { hashPassword } from "../../lib/hashing.ts";

// APPROVAL_REMIND_DAYS 3 and APPROVAL_EXPIRE_DAYS 4 (after the reminder): an expiry of 7 days in all.
const t = useSignedInApp({ SUPPORT_PHONE: "800-555-0142", APPROVAL_REMIND_DAYS: 3, APPROVAL_EXPIRE_DAYS: 4 });

const post = (url: string, payload: unknown, token = t.admin) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: bearer(token) });

const publicSettings = async () => (await t.app.inject({ method: "GET", url: "/api/settings" })).json().data;

const good = {
  support_phone: "415-555-0123",
  large_order_email: "big.orders@vetportal.test",
  pet_insurance_url: "https://insurance.vetportal.test/pets",
  approval_remind_days: 4,
  approval_expire_days: 10,
};

type AuditRow = { actor_user_id: number | null; action: string; before: unknown; after: unknown };
const settingsAudit = () =>
  queryRows<AuditRow>(
    t.db,
    sql`select actor_user_id, action, before, after from audit_log where kind = 'settings' order by id`,
  );

describe("portal settings (decision 047)", () => {
  it("serves the environment's values until an administrator saves", async () => {
    const res = await post("/api/settings/query", {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      support_phone: "800-555-0142",
      large_order_email: t.app.config.LARGE_ORDER_EMAIL,
      pet_insurance_url: t.app.config.PET_INSURANCE_URL,
      approval_remind_days: 3,
      approval_expire_days: 7,
      saved_at: null,
    });
    expect(await publicSettings()).toMatchObject({ support_phone: "800-555-0142" });
  });

  it("refuses a practice and an approver (403), and anyone signed out (401)", async () => {
    const email = "settings.approver@settings.test";
    await t.db.insert(users).values({
      customer_id: 1850,
      first_name: "Settings",
      last_name: "Approver",
      email,
      password_hash: await hashPassword("Approve2026!"),
      user_level_id: 1,
      is_approver: true,
    });
    const approver = (await signIn(t.app, { method: "password", email, password: "Approve2026!" })).access_token;
    for (const token of [t.practice, approver]) {
      expect((await post("/api/settings/query", {}, token)).statusCode).toBe(403);
      expect((await post("/api/settings/save", good, token)).statusCode).toBe(403);
    }
    const signedOut = await t.app.inject({ method: "POST", url: "/api/settings/save", payload: good });
    expect(signedOut.statusCode).toBe(401);
    expect(await t.db.select().from(portal_settings)).toEqual([]);
    expect(await settingsAudit()).toEqual([]);
  });

  it("refuses bad input with a message per field and changes nothing", async () => {
    const res = await post("/api/settings/save", {
      support_phone: "call us",
      large_order_email: "nope",
      pet_insurance_url: "http://insurance.vetportal.test",
      approval_remind_days: 2.5,
      approval_expire_days: 91,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    expect(fields).toMatchObject({
      support_phone: expect.any(String),
      large_order_email: expect.any(String),
      pet_insurance_url: SETTINGS_MESSAGES.petInsuranceUrl,
      approval_remind_days: SETTINGS_MESSAGES.days,
      approval_expire_days: SETTINGS_MESSAGES.days,
    });
    const early = await post("/api/settings/save", { ...good, approval_remind_days: 10, approval_expire_days: 10 });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields).toEqual({ approval_expire_days: SETTINGS_MESSAGES.expiryAfterReminder });
    expect(await t.db.select().from(portal_settings)).toEqual([]);
    expect(await settingsAudit()).toEqual([]);
  });

  it("saves: GET /api/settings serves the saved values, and the audit row has the before and after", async () => {
    // Asked before the save too: a product's kept answer must not outlive the settings it was built from.
    const before = (await post("/api/product/query", { id: 144048 })).json().data;
    expect(before.large_order_email).not.toBe(good.large_order_email);
    const res = await post("/api/settings/save", good);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...good, saved_at: expect.any(String) });
    expect(await publicSettings()).toMatchObject({
      support_phone: good.support_phone,
      large_order_email: good.large_order_email,
      pet_insurance_url: good.pet_insurance_url,
    });
    expect((await post("/api/settings/query", {})).json().data).toMatchObject(good);
    // The product page's "large orders" contact is the saved one too.
    const product = (await post("/api/product/query", { id: 144048 })).json().data;
    expect(product.large_order_email).toBe(good.large_order_email);
    const [row] = await settingsAudit();
    expect(row).toMatchObject({
      action: "update",
      before: {
        support_phone: "800-555-0142",
        large_order_email: t.app.config.LARGE_ORDER_EMAIL,
        pet_insurance_url: t.app.config.PET_INSURANCE_URL,
        approval_remind_days: 3,
        approval_expire_days: 7,
      },
      after: good,
    });
    // The trail lists it under its kind, as /admin/audit shows it.
    const listed = (await post("/api/audit/list", { kind: "settings" })).json();
    expect(listed.data[0]).toMatchObject({ kind: "settings", record_label: "Portal settings", action: "update" });
    expect(listed.data[0].changes).toContainEqual({
      field: "support_phone",
      before: "800-555-0142",
      after: good.support_phone,
    });
  });

  it("records only what changed, and nothing for a save that changes nothing", async () => {
    const before = (await settingsAudit()).length;
    expect((await post("/api/settings/save", { ...good, support_phone: "415-555-0199" })).statusCode).toBe(200);
    expect((await post("/api/settings/save", { ...good, support_phone: "415-555-0199" })).statusCode).toBe(200);
    const rows = await settingsAudit();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({
      before: { support_phone: good.support_phone },
      after: { support_phone: "415-555-0199" },
    });
  });

  it("chains concurrent saves: each audit row's before is the previous row's after", async () => {
    const phones = ["415-555-0001", "415-555-0002", "415-555-0003", "415-555-0004"];
    const first = (await settingsAudit()).length;
    const results = await Promise.all(
      phones.map((phone) => post("/api/settings/save", { ...good, support_phone: phone })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const rows = (await settingsAudit()).slice(first) as {
      before: { support_phone: string };
      after: { support_phone: string };
    }[];
    expect(rows).toHaveLength(phones.length);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.before.support_phone).toBe(rows[i - 1]?.after.support_phone);
    expect(new Set(rows.map((r) => r.after.support_phone))).toEqual(new Set(phones));
    expect((await publicSettings()).support_phone).toBe(rows.at(-1)?.after.support_phone);
  });
});
