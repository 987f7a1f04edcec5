import { MESSAGES } from "@vetportal/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  bearer,
  createTestApp,
  NY_PRACTICE,
  PRACTICE,
  signIn,
  signInAdmin,
  signInPractice,
} from "../../../test/helpers.ts";
import { sessions, users } from "../../db/schema/index.ts";
import { hashToken } from "../../lib/hashing.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Changes the session a sign-in opened (found by its refresh token), e.g. to make it expire. */
const setSessionOf = (login: { data: string }, values: Partial<typeof sessions.$inferInsert>) =>
  t.db
    .update(sessions)
    .set(values)
    .where(eq(sessions.refresh_token_hash, hashToken(login.data)));

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers });

describe("POST /api/auth, method=address", () => {
  it("signs a practice in with JSON and returns the legacy fields", async () => {
    const res = await post("/api/auth", { method: "address", ...PRACTICE });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.result).toBe(1);
    expect(body.expiresIn).toBe("996000");
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.data).toMatch(/^[\w-]{40,}$/);
    expect(body.data).not.toBe(body.access_token);
    expect(body.profile).toMatchObject({
      representation: "Happy Paws Veterinary Clinic",
      first_name: "Maria",
      address: { line1: "120 Market Street", city: "San Francisco", state: "CA", zip_code: "94105", country: 186 },
    });
    const expiresIn = new Date(body.expireDate).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(995_000_000);
    expect(expiresIn).toBeLessThanOrEqual(996_000_000);
  });

  it("accepts urlencoded form data as the legacy front end sends it", async () => {
    const form = new URLSearchParams({ customer_id: "1850", method: "address", ...PRACTICE });
    const res = await post("/api/auth", form.toString(), { "content-type": "application/x-www-form-urlencoded" });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(1);
  });

  it("refuses multipart form data with 415: only the image upload takes multipart (decision 013)", async () => {
    const boundary = "----vetportal";
    const fields = { method: "address", ...PRACTICE };
    const payload = `${Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join("")}--${boundary}--\r\n`;
    const res = await post("/api/auth", payload, { "content-type": `multipart/form-data; boundary=${boundary}` });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });

  it("ignores case, extra spaces, punctuation and street-suffix abbreviations", async () => {
    const res = await post("/api/auth", {
      method: "address",
      address_name: "  HAPPY   paws veterinary-clinic.  ",
      line1: "120 market st.",
      zip_code: " 94105 ",
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ["a wrong practice name", { ...PRACTICE, address_name: "Happy Paws Animal Clinic" }],
    ["a wrong address line", { ...PRACTICE, line1: "121 Market Street" }],
    ["a wrong zip", { ...PRACTICE, zip_code: "94106" }],
    ["another practice's address", { ...PRACTICE, line1: NY_PRACTICE.line1, zip_code: NY_PRACTICE.zip_code }],
    ["another customer id", { ...PRACTICE, customer_id: 9999 }],
  ])("refuses %s with 401 and the spec's message", async (_case, body) => {
    const res = await post("/api/auth", { method: "address", ...body });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ result: 0, error: { code: "INVALID_CREDENTIALS", message: MESSAGES.loginFailed } });
  });

  it("refuses an inactive or deleted practice", async () => {
    await t.db.update(users).set({ is_active: false }).where(eq(users.representation, NY_PRACTICE.address_name));
    expect((await post("/api/auth", { method: "address", ...NY_PRACTICE })).statusCode).toBe(401);
    await t.db
      .update(users)
      .set({ is_active: true, is_deleted: true })
      .where(eq(users.representation, NY_PRACTICE.address_name));
    expect((await post("/api/auth", { method: "address", ...NY_PRACTICE })).statusCode).toBe(401);
    await t.db.update(users).set({ is_deleted: false }).where(eq(users.representation, NY_PRACTICE.address_name));
    expect((await post("/api/auth", { method: "address", ...NY_PRACTICE })).statusCode).toBe(200);
  });

  it("never grants administrator rights, nor a manager's department scope", async () => {
    await t.db.update(users).set({ user_level_id: 2 }).where(eq(users.representation, PRACTICE.address_name));
    try {
      const login = await signInPractice(t.app);
      const res = await post("/api/useradmin/previlege", {}, bearer(login.access_token));
      expect(res.json().data).toMatchObject({ is_admin: false, user_level_id: 1, sign_in_method: "address" });
      expect(res.json().data.privileges).not.toContain("orders.view_department");
      expect(
        (await post("/api/product/enum", { category: "quickbook_types" }, bearer(login.access_token))).statusCode,
      ).toBe(403);
    } finally {
      await t.db.update(users).set({ user_level_id: 1 }).where(eq(users.representation, PRACTICE.address_name));
    }
  });
});

describe("POST /api/auth, method=password", () => {
  it("signs the administrator in and grants every privilege", async () => {
    const login = await signInAdmin(t.app);
    expect(login.profile.email).toBe(ADMIN.email);
    const res = await post("/api/useradmin/previlege", {}, bearer(login.access_token));
    expect(res.json().data).toMatchObject({ is_admin: true, user_level_id: 3, user_level: "Administrator" });
    expect(res.json().data.privileges).toEqual(
      expect.arrayContaining(["users.manage", "reports.view", "products.manage"]),
    );
  });

  it("treats the email case-insensitively", async () => {
    const res = await post("/api/auth", {
      method: "password",
      email: "ADMIN@VetPortal.example",
      password: ADMIN.password,
    });
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ["a wrong password", { email: ADMIN.email, password: "VetPortal2027" }],
    ["an unknown email", { email: "nobody@vetportal.example", password: ADMIN.password }],
    ["a practice without a password", { email: "maria.lopez@happypawsveterinaryclini.test", password: "anything1" }],
  ])("refuses %s with 401", async (_case, body) => {
    const res = await post("/api/auth", { method: "password", ...body });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: "INVALID_CREDENTIALS", message: MESSAGES.staffLoginFailed });
  });

  it("stores the password as an argon2id hash", async () => {
    const [admin] = await t.db.select({ hash: users.password_hash }).from(users).where(eq(users.email, ADMIN.email));
    expect(admin?.hash).toMatch(/^\$argon2id\$/);
  });
});

describe("malformed sign-in payloads", () => {
  it("answers 400 with a message per field", async () => {
    const res = await post("/api/auth", { method: "address", address_name: "", line1: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: {
        address_name: MESSAGES.practiceNameRequired,
        line1: MESSAGES.addressRequired,
        zip_code: MESSAGES.zipRequired,
      },
    });
  });

  it("answers 400 for an unknown method, broken JSON and an empty body", async () => {
    expect((await post("/api/auth", { method: "magic" })).statusCode).toBe(400);
    const broken = await post("/api/auth", "{not json", { "content-type": "application/json" });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().result).toBe(0);
    expect((await post("/api/auth")).statusCode).toBe(400);
  });

  it("answers 415 for a body it cannot read", async () => {
    const res = await post("/api/auth", "<xml/>", { "content-type": "application/xml" });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});

describe("sessions", () => {
  it("answers 401 without a token or with an unknown one", async () => {
    const none = await post("/api/useradmin/previlege", {});
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe("UNAUTHENTICATED");
    expect((await post("/api/useradmin/previlege", {}, bearer("made-up-token"))).statusCode).toBe(401);
    expect((await post("/api/useradmin/previlege", {}, { authorization: "Basic abc" })).statusCode).toBe(401);
  });

  it("stores tokens only as hashes", async () => {
    const login = await signInPractice(t.app);
    const rows = await t.db.select().from(sessions).where(sql`${sessions.id_token_hash} = ${login.access_token}`);
    expect(rows).toHaveLength(0);
  });

  it("expires a session after its lifetime", async () => {
    const login = await signInPractice(t.app);
    expect((await post("/api/useradmin/previlege", {}, bearer(login.access_token))).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(sql`${sessions.id} = (select max(id) from sessions)`);
    const res = await post("/api/useradmin/previlege", {}, bearer(login.access_token));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("SESSION_EXPIRED");
  });

  it("refresh replaces the id token; the old one stops working", async () => {
    const login = await signInPractice(t.app);
    const res = await post("/api/auth/refresh", { refresh_token: login.data });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data.access_token;
    expect(fresh).not.toBe(login.access_token);
    expect((await post("/api/useradmin/previlege", {}, bearer(fresh))).statusCode).toBe(200);
    expect((await post("/api/useradmin/previlege", {}, bearer(login.access_token))).statusCode).toBe(401);
    expect((await post("/api/auth/refresh", { refresh_token: "not-a-token" })).statusCode).toBe(401);
  });

  it("refresh works after the id token expired, while the refresh token lives (a laptop that slept)", async () => {
    const login = await signInPractice(t.app);
    await setSessionOf(login, { expires_at: new Date(Date.now() - 60_000) });
    expect((await post("/api/useradmin/previlege", {}, bearer(login.access_token))).json().error.code).toBe(
      "SESSION_EXPIRED",
    );
    const res = await post("/api/auth/refresh", { refresh_token: login.data });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().data.expireDate)).toBeGreaterThan(Date.now() + 995_000_000);
    expect((await post("/api/useradmin/previlege", {}, bearer(res.json().data.access_token))).statusCode).toBe(200);
  });

  it("refuses a refresh once the refresh token has expired, and changes nothing", async () => {
    const login = await signInPractice(t.app);
    await setSessionOf(login, { refresh_expires_at: new Date(Date.now() - 1000) });
    const res = await post("/api/auth/refresh", { refresh_token: login.data });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("SESSION_EXPIRED");
    expect((await post("/api/useradmin/previlege", {}, bearer(login.access_token))).statusCode).toBe(200);
  });

  it("rotates the refresh token: each refresh returns a new one and retires the one sent", async () => {
    const login = await signInPractice(t.app);
    const first = await post("/api/auth/refresh", { refresh_token: login.data });
    expect(first.statusCode).toBe(200);
    const next = first.json().data.refresh_token as string;
    expect(next).toMatch(/^[\w-]{43}$/);
    expect(next).not.toBe(login.data);
    const second = await post("/api/auth/refresh", { refresh_token: next });
    expect(second.statusCode).toBe(200);
    const third = second.json().data;
    expect(third.refresh_token).not.toBe(next);
    expect((await post("/api/useradmin/previlege", {}, bearer(third.access_token))).statusCode).toBe(200);
    // Only hashes are stored, the retired ones included.
    const stored = JSON.stringify(await t.db.execute(sql`select * from retired_refresh_tokens`));
    expect(stored).not.toContain(login.data);
    expect(stored).toContain(hashToken(login.data));
  });

  it("a retired refresh token presented again revokes the whole session: thief and owner sign in again", async () => {
    const login = await signInPractice(t.app);
    // The owner refreshes; a thief who copied the old refresh token uses it afterwards.
    const owner = (await post("/api/auth/refresh", { refresh_token: login.data })).json().data;
    const thief = await post("/api/auth/refresh", { refresh_token: login.data });
    expect(thief.statusCode).toBe(401);
    expect(thief.json().error.code).toBe("SESSION_EXPIRED");
    expect((await post("/api/useradmin/previlege", {}, bearer(owner.access_token))).statusCode).toBe(401);
    expect((await post("/api/auth/refresh", { refresh_token: owner.refresh_token })).statusCode).toBe(401);
    // The other way round: the thief refreshes first, the owner's retired token then ends it for both.
    const again = await signInPractice(t.app);
    const stolen = (await post("/api/auth/refresh", { refresh_token: again.data })).json().data;
    expect((await post("/api/auth/refresh", { refresh_token: again.data })).statusCode).toBe(401);
    expect((await post("/api/auth/refresh", { refresh_token: stolen.refresh_token })).statusCode).toBe(401);
    expect((await post("/api/useradmin/previlege", {}, bearer(stolen.access_token))).statusCode).toBe(401);
  });

  it("concurrent refreshes with one token (no browser lock): one wins, the rest count as reuse and end the session", async () => {
    const login = await signInPractice(t.app);
    const answers = await Promise.all([1, 2, 3].map(() => post("/api/auth/refresh", { refresh_token: login.data })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401]);
    const won = answers.find((a) => a.statusCode === 200)?.json().data;
    expect((await post("/api/useradmin/previlege", {}, bearer(won.access_token))).statusCode).toBe(401);
    expect((await post("/api/auth/refresh", { refresh_token: won.refresh_token })).statusCode).toBe(401);
  });

  it("logout revokes the session and its refresh token", async () => {
    const login = await signInPractice(t.app);
    const out = await post("/api/auth/logout", {}, bearer(login.access_token));
    expect(out.statusCode).toBe(200);
    expect((await post("/api/useradmin/previlege", {}, bearer(login.access_token))).statusCode).toBe(401);
    expect((await post("/api/auth/refresh", { refresh_token: login.data })).statusCode).toBe(401);
  });

  it("an inactivated user's live session stops working", async () => {
    const login = await signIn(t.app, { method: "address", ...NY_PRACTICE });
    await t.db.update(users).set({ is_active: false }).where(eq(users.id, login.profile.user_id));
    try {
      expect((await post("/api/useradmin/previlege", {}, bearer(login.access_token))).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ is_active: true }).where(eq(users.id, login.profile.user_id));
    }
  });
});

describe("roles", () => {
  it("gives a practice the customer privileges and 403 on an admin endpoint", async () => {
    const login = await signInPractice(t.app);
    const priv = await post("/api/useradmin/previlege", {}, bearer(login.access_token));
    expect(priv.json().data).toMatchObject({ is_admin: false, user_level: "User", user_level_id: 1 });
    expect(priv.json().data.privileges).toEqual([
      "catalog.browse",
      "orders.place",
      "orders.view_own",
      "account.manage",
    ]);
    const res = await post("/api/product/enum", { category: "quickbook_types" }, bearer(login.access_token));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "FORBIDDEN", message: MESSAGES.forbidden });
  });

  it("lets the administrator call the admin endpoint", async () => {
    const login = await signInAdmin(t.app);
    const res = await post("/api/product/enum", { category: "quickbook_types" }, bearer(login.access_token));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({ id: 5, name: "Obsolete Inventory (may be destroyed)" });
    expect((await post("/api/product/enum", { category: "nope" }, bearer(login.access_token))).statusCode).toBe(400);
  });

  it("answers 401 before 403 on an admin endpoint without a token", async () => {
    expect((await post("/api/product/enum", { category: "quickbook_types" })).statusCode).toBe(401);
  });
});
