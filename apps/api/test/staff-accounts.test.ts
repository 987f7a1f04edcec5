import { randomBytes } from "node:crypto";
import { MESSAGES } from "@vetportal/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, email_outbox, password_tokens, sessions, users } from "../src/db/schema/index.ts";
import { hashPassword, hashToken } from "../src/lib/hashing.ts";
import { ADMIN, bearer, createTestApp, PRACTICE, queryRows, signIn, signInAdmin, signInPractice } from "./helpers.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: 4 });
  admin = (await signInAdmin(t.app)).access_token;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: "POST", url, payload: payload as never, headers: token ? bearer(token) : {} });

const staffForm = (n: number) => ({
  practice_name: `Regional Office ${n}`,
  email: `staff${n}@vetportal.test`,
  phone: "614-555-0100",
  contact: `Sam Staff${n}`,
  line1: `${n} Broad Street`,
  city: "Columbus",
  state: "OH",
  zip_code: "43215",
  user_level_id: 3,
});

/** The token of the newest set-password email sent to an address, read from the outbox. */
async function linkTokenFor(email: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(email_outbox)
    .where(and(eq(email_outbox.kind, "password_link"), sql`${email} = any(${email_outbox.to})`))
    .orderBy(desc(email_outbox.id))
    .limit(1);
  const token = /\/set-password[?#]token=([\w-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error(`no set-password link was sent to ${email}`);
  return token;
}

const setPassword = (token: string, password: string) =>
  post("/api/auth/setPassword", { token, password, confirmPassword: password });

describe("staff accounts cannot be opened with public facts", () => {
  it("address sign-in answers for the administrator exactly as for a wrong address, even with its address on file", async () => {
    const [adminUser] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    await t.db.insert(addresses).values({
      customer_id: 1850,
      belong_to: "user",
      owner_id: adminUser?.id ?? 0,
      contact: "Alex Morgan",
      line1: "1 Operations Way",
      city: "San Francisco",
      state: "CA",
      zip_code: "94105",
      country: 186,
    });
    const res = await post("/api/auth", {
      method: "address",
      address_name: adminUser?.representation,
      line1: "1 Operations Way",
      zip_code: "94105",
    });
    const miss = await post("/api/auth", { method: "address", ...PRACTICE, zip_code: "94199" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(miss.json());
    expect(res.json()).toEqual({ result: 0, error: { code: "INVALID_CREDENTIALS", message: MESSAGES.loginFailed } });
  });

  it("address sign-in does not open a level-3 user made through Add User", async () => {
    const form = staffForm(1);
    expect((await post("/api/user/add", form, admin)).statusCode).toBe(200);
    const res = await post("/api/auth", {
      method: "address",
      address_name: form.practice_name,
      line1: form.line1,
      zip_code: form.zip_code,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(MESSAGES.loginFailed);
  });

  it("an address session cannot set or change a password", async () => {
    const login = await signInPractice(t.app);
    const res = await post(
      "/api/user/changePassword",
      { current_password: "anything1", password: "Taken2026x", confirmPassword: "Taken2026x" },
      login.access_token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: "FORBIDDEN", message: MESSAGES.passwordNeedsPasswordSignIn });
    const [row] = await t.db.select().from(users).where(eq(users.id, login.profile.user_id));
    expect(row?.password_hash).toBeNull();
  });

  it("the configured admin user's old address session gets no administrator delivery methods", async () => {
    // A session opened by address before this rule existed, say: the user id alone grants nothing.
    const token = randomBytes(32).toString("base64url");
    const [adminUser] = await t.db.select().from(users).where(eq(users.email, ADMIN.email));
    await t.db.insert(sessions).values({
      user_id: adminUser?.id ?? 0,
      customer_id: 1850,
      id_token_hash: hashToken(token),
      refresh_token_hash: hashToken(`${token}-refresh`),
      auth_method: "address",
      expires_at: new Date(Date.now() + 3600_000),
      refresh_expires_at: new Date(Date.now() + 3600_000),
    });
    const methods = (await post("/api/customer/query", {}, token)).json().data.delivery_methods;
    expect(methods.map((m: { id: number }) => m.id)).toEqual([1]);
  });

  it("an address-session manager sees only the practice's own orders", async () => {
    const [manager] = await queryRows<{ id: number; name: string; line1: string; zip: string }>(
      t.db,
      sql`select u.id, u.representation as name, a.line1, a.zip_code as zip from users u
          join addresses a on a.owner_id = u.id and a.belong_to = 'user'
          where u.user_level_id = 2 and u.department_id is not null order by u.id limit 1`,
    );
    if (!manager) throw new Error("the seed has no manager");
    const login = await signInPractice(t.app, {
      address_name: manager.name,
      line1: manager.line1,
      zip_code: manager.zip,
    });
    const list = (await post("/api/order/list", { limit: 100 }, login.access_token)).json();
    const [counts] = await queryRows<{ own: number; department: number }>(
      t.db,
      sql`select count(*) filter (where o.user_id = ${manager.id})::int as own, count(*)::int as department
          from orders o join users u on u.id = ${manager.id} where o.department_id = u.department_id`,
    );
    expect(counts?.department).toBeGreaterThan(counts?.own ?? 0);
    expect(list.found_rows).toBe(counts?.own);
  });
});

describe("changing a password", () => {
  let staff: { email: string; password: string; token: string; id: number };
  beforeAll(async () => {
    const email = "changer@vetportal.test";
    const password = "Changer2026";
    const res = await post("/api/user/add", { ...staffForm(2), email }, admin);
    const id = res.json().data.id;
    await t.db
      .update(users)
      .set({ password_hash: await hashPassword(password) })
      .where(eq(users.id, id));
    staff = { email, password, id, token: (await signIn(t.app, { method: "password", email, password })).access_token };
  });

  it("needs the current password; a wrong one is a 400 on that field and counts like a wrong sign-in", async () => {
    const change = (current: string) =>
      post(
        "/api/user/changePassword",
        { current_password: current, password: "Fresh2026x", confirmPassword: "Fresh2026x" },
        staff.token,
      );
    const missing = await post(
      "/api/user/changePassword",
      { password: "Fresh2026x", confirmPassword: "Fresh2026x" },
      staff.token,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.current_password).toBe(MESSAGES.currentPasswordRequired);
    for (let i = 0; i < 4; i++) {
      const wrong = await change("not-it-2026");
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: "VALIDATION_FAILED",
        fields: { current_password: MESSAGES.currentPasswordWrong },
      });
    }
    // The throttle now refuses this account from this source, even the right current password and sign-in.
    expect((await change(staff.password)).statusCode).toBe(429);
    const signInAgain = await post("/api/auth", { method: "password", email: staff.email, password: staff.password });
    expect(signInAgain.statusCode).toBe(429);
    await t.db.execute(sql`delete from rate_limits`);
    expect((await change(staff.password)).statusCode).toBe(200);
    await signIn(t.app, { method: "password", email: staff.email, password: "Fresh2026x" });
  });
});

describe("set-password links", () => {
  it("Add User of an administrator emails a one-time link; the token is stored only as its SHA-256", async () => {
    const form = staffForm(3);
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    const token = await linkTokenFor(form.email);
    const rows = await t.db.select().from(password_tokens).where(eq(password_tokens.user_id, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const hoursLeft = ((rows[0]?.expires_at.getTime() ?? 0) - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    expect((await setPassword(token, "short")).statusCode).toBe(400);
    expect((await setPassword(token, "Staff3pass")).statusCode).toBe(200);
    const login = await signIn(t.app, { method: "password", email: form.email, password: "Staff3pass" });
    const priv = (await post("/api/useradmin/previlege", {}, login.access_token)).json().data;
    expect(priv).toMatchObject({ is_admin: true, sign_in_method: "password" });
    // Spent on first use.
    const again = await setPassword(token, "Other3pass");
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(MESSAGES.passwordLinkInvalid);
  });

  it("a link used by several requests at once sets exactly one password", async () => {
    const form = staffForm(7);
    await post("/api/user/add", form, admin);
    const token = await linkTokenFor(form.email);
    const passwords = Array.from({ length: 6 }, (_, i) => `Race${i}pass7`);
    const answers = await Promise.all(passwords.map((password) => setPassword(token, password)));
    const won = answers.flatMap((res, i) => (res.statusCode === 200 ? [passwords[i] as string] : []));
    expect(won).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 404)).toHaveLength(passwords.length - 1);
    await signIn(t.app, { method: "password", email: form.email, password: won[0] as string });
  });

  it("a practice added through Add User gets no link", async () => {
    const form = { ...staffForm(4), user_level_id: 1 };
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    expect(await t.db.select().from(password_tokens).where(eq(password_tokens.user_id, id))).toHaveLength(0);
  });

  it("an expired link or a made-up token is refused", async () => {
    const form = staffForm(5);
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    const token = await linkTokenFor(form.email);
    await t.db
      .update(password_tokens)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(password_tokens.user_id, id));
    expect((await setPassword(token, "Staff5pass")).statusCode).toBe(404);
    expect((await setPassword("made-up-token", "Staff5pass")).statusCode).toBe(404);
  });

  it("an administrator resends a link: the older one stops working, and setting the password ends every session", async () => {
    const email = "resend@vetportal.test";
    const id = (await post("/api/user/add", { ...staffForm(6), email }, admin)).json().data.id;
    const first = await linkTokenFor(email);
    expect((await setPassword(first, "Staff6pass")).statusCode).toBe(200);
    const session = (await signIn(t.app, { method: "password", email, password: "Staff6pass" })).access_token;

    expect((await post("/api/user/sendPasswordLink", { id }, admin)).statusCode).toBe(200);
    const older = await linkTokenFor(email);
    expect((await post("/api/user/sendPasswordLink", { id }, admin)).statusCode).toBe(200);
    const newest = await linkTokenFor(email);
    expect(newest).not.toBe(older);
    expect((await setPassword(older, "Staff6new1")).statusCode).toBe(404);
    expect((await setPassword(newest, "Staff6new1")).statusCode).toBe(200);
    expect((await post("/api/useradmin/previlege", {}, session)).statusCode).toBe(401);
    await signIn(t.app, { method: "password", email, password: "Staff6new1" });
    expect((await post("/api/user/sendPasswordLink", { id: 999999 }, admin)).statusCode).toBe(404);
  });
});

describe("set-password links die with their purpose (decision 026)", () => {
  /** Every stored message sent to an address, text and html together. */
  const storedMailTo = async (email: string) =>
    (
      await t.db
        .select({ text: email_outbox.text, html: email_outbox.html })
        .from(email_outbox)
        .where(sql`${email} = any(${email_outbox.to})`)
    )
      .map((m) => `${m.text}\n${m.html ?? ""}`)
      .join("\n");
  const checkLink = (token: string) => post("/api/auth/checkPasswordLink", { token });

  it("the link carries its token in the fragment, which browsers never send", async () => {
    const form = staffForm(20);
    await post("/api/user/add", form, admin);
    expect(await storedMailTo(form.email)).toMatch(/\/set-password#token=[\w-]{43}\n/);
  });

  it("a used link is cut out of its stored message; a voided one too, sent or not", async () => {
    const form = staffForm(21);
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    const first = await linkTokenFor(form.email);
    // The first message is sent, the second (a resend) is still queued when the third replaces it.
    await t.db.update(email_outbox).set({ status: "sent" }).where(sql`${form.email} = any(${email_outbox.to})`);
    expect((await post("/api/user/sendPasswordLink", { id }, admin)).statusCode).toBe(200);
    const second = await linkTokenFor(form.email);
    expect(await storedMailTo(form.email)).not.toContain(first);
    expect(await storedMailTo(form.email)).toContain(second);
    expect((await post("/api/user/sendPasswordLink", { id }, admin)).statusCode).toBe(200);
    const third = await linkTokenFor(form.email);
    expect(await storedMailTo(form.email)).not.toContain(second);
    expect((await setPassword(third, "Staff21pass")).statusCode).toBe(200);
    const stored = await storedMailTo(form.email);
    for (const token of [first, second, third]) expect(stored).not.toContain(token);
    expect(stored).toContain("/set-password#token=REDACTED");
    const refs = await t.db
      .select({ ref: email_outbox.secret_ref })
      .from(email_outbox)
      .where(sql`${form.email} = any(${email_outbox.to})`);
    expect(refs.every((r) => r.ref === null)).toBe(true);
  });

  it("an expired link is cut out by the sweep, a live one is kept", async () => {
    const expired = staffForm(22);
    const live = staffForm(23);
    const id = (await post("/api/user/add", expired, admin)).json().data.id;
    await post("/api/user/add", live, admin);
    const expiredToken = await linkTokenFor(expired.email);
    const liveToken = await linkTokenFor(live.email);
    const past = new Date(Date.now() - 1000);
    await t.db.update(password_tokens).set({ expires_at: past }).where(eq(password_tokens.user_id, id));
    await t.db
      .update(email_outbox)
      .set({ secret_expires_at: past })
      .where(sql`${expired.email} = any(${email_outbox.to})`);
    expect(await t.app.secretSweep.run()).toBeGreaterThanOrEqual(1);
    expect(await storedMailTo(expired.email)).not.toContain(expiredToken);
    expect(await storedMailTo(live.email)).toContain(liveToken);
  });

  it("the page checks a link when it opens: 200 while it works, 404 once used; checking spends nothing", async () => {
    const form = staffForm(24);
    await post("/api/user/add", form, admin);
    const token = await linkTokenFor(form.email);
    expect((await checkLink(token)).statusCode).toBe(200);
    expect((await checkLink(token)).statusCode).toBe(200);
    expect((await setPassword(token, "Staff24pass")).statusCode).toBe(200);
    const used = await checkLink(token);
    expect(used.statusCode).toBe(404);
    expect(used.json().error.message).toBe(MESSAGES.passwordLinkInvalid);
    expect((await checkLink("made-up-token")).statusCode).toBe(404);
    expect((await checkLink("")).statusCode).toBe(400);
  });

  it("an administrator correcting a mistyped email spends the link sent to the wrong address", async () => {
    const form = { ...staffForm(25), email: "staff25@typo.test" };
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    const wrong = await linkTokenFor(form.email);
    const fixed = await post("/api/user/updatepractice", { ...form, id, email: "staff25@vetportal.test" }, admin);
    expect(fixed.statusCode).toBe(200);
    expect((await checkLink(wrong)).statusCode).toBe(404);
    expect((await setPassword(wrong, "Staff25pass")).statusCode).toBe(404);
    expect(await storedMailTo(form.email)).not.toContain(wrong);
    // A new link to the right address works.
    expect((await post("/api/user/sendPasswordLink", { id }, admin)).statusCode).toBe(200);
    expect((await setPassword(await linkTokenFor("staff25@vetportal.test"), "Staff25pass")).statusCode).toBe(200);
  });

  it("changing the email through /user/update (an administrator or the user's own Personal Info) spends the links", async () => {
    const form = staffForm(26);
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    const token = await linkTokenFor(form.email);
    // Saving the same address keeps the link.
    expect((await post("/api/user/update", { id, email: form.email.toUpperCase() }, admin)).statusCode).toBe(200);
    expect((await checkLink(token)).statusCode).toBe(200);
    expect((await post("/api/user/update", { id, email: "staff26@elsewhere.test" }, admin)).statusCode).toBe(200);
    expect((await checkLink(token)).statusCode).toBe(404);

    // A practice with a password changes its own email on Personal Info.
    const practice = await signInPractice(t.app);
    const own = practice.profile.user_id;
    expect((await post("/api/user/sendPasswordLink", { id: own }, admin)).statusCode).toBe(200);
    const [me] = await t.db.select().from(users).where(eq(users.id, own));
    const ownToken = await linkTokenFor(me?.email ?? "");
    expect((await checkLink(ownToken)).statusCode).toBe(200);
    const changed = await post(
      "/api/user/update",
      { id: own, email: "happy-paws-new@vetportal.test" },
      practice.access_token,
    );
    expect(changed.statusCode).toBe(200);
    try {
      expect((await checkLink(ownToken)).statusCode).toBe(404);
    } finally {
      await t.db
        .update(users)
        .set({ email: me?.email ?? null })
        .where(eq(users.id, own));
    }
  });

  it("a link works only while the user's email is the address it was sent to", async () => {
    const form = staffForm(27);
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    const token = await linkTokenFor(form.email);
    // Changed behind the services' back (a script, a restore): the link is still refused.
    await t.db.update(users).set({ email: "staff27@other.test" }).where(eq(users.id, id));
    expect((await checkLink(token)).statusCode).toBe(404);
    expect((await setPassword(token, "Staff27pass")).statusCode).toBe(404);
    await t.db.update(users).set({ email: form.email }).where(eq(users.id, id));
    expect((await setPassword(token, "Staff27pass")).statusCode).toBe(200);
  });

  it("a link sent to a practice (User or Manager) does not speak of a staff account", async () => {
    const form = { ...staffForm(28), user_level_id: 2 };
    const id = (await post("/api/user/add", form, admin)).json().data.id;
    expect((await post("/api/user/sendPasswordLink", { id }, admin)).statusCode).toBe(200);
    const stored = await storedMailTo(form.email);
    expect(stored).toContain("for your practice's Vet Portal account");
    expect(stored).not.toContain("staff account");
  });
});

describe("partial updates of a user", () => {
  it("inactivating through /user/update keeps phone, cell and fax", async () => {
    const [row] = await t.db.select().from(users).where(eq(users.representation, PRACTICE.address_name));
    const id = row?.id ?? 0;
    await t.db
      .update(users)
      .set({ phone: "415-555-0101", cell: "415-555-0102", fax: "415-555-0103" })
      .where(eq(users.id, id));
    const res = await post("/api/user/update", { id, is_active: 0 }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      is_active: false,
      phone: "415-555-0101",
      cell: "415-555-0102",
      fax: "415-555-0103",
    });
    // A payload naming one phone changes only that one; "" clears it.
    const cleared = await post("/api/user/update", { id, is_active: 1, fax: "" }, admin);
    expect(cleared.json().data).toMatchObject({
      is_active: true,
      phone: "415-555-0101",
      cell: "415-555-0102",
      fax: null,
    });
  });
});
