import { MESSAGES } from "@vetportal/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestApp, PRACTICE, queryRows } from "./helpers.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Seeded practices other than PRACTICE, one per test, so counters of one test never touch another. */
let practices: { address_name: string; line1: string; zip_code: string }[];
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_RATE_LIMIT_PER_ACCOUNT: 3,
    LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL: 6,
    LOGIN_RATE_LIMIT_PER_IP: 20,
  });
  practices = await queryRows(
    t.db,
    sql`select u.representation as address_name, a.line1, a.zip_code
        from users u join addresses a on a.owner_id = u.id and a.belong_to = 'user'
        where u.user_level_id = 1 and u.representation <> ${PRACTICE.address_name}
        order by u.id limit 4`,
  );
});
afterAll(() => t.close());

const attempt = (body: Record<string, string>, ip: string, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/api/auth", payload: { method: "address", ...body }, remoteAddress: ip, headers });
const wrong = (practice: Record<string, string>) => ({ ...practice, zip_code: "00000" });
const practice = (i: number) => {
  const p = practices[i];
  if (!p) throw new Error(`the seed has no practice ${i}`);
  return p;
};

describe("sign-in rate limits", () => {
  it("does not count successful sign-ins against the practice", async () => {
    for (let i = 0; i < 5; i++) expect((await attempt(PRACTICE, "10.9.9.9")).statusCode).toBe(200);
  });

  it("limits failed attempts per practice from one source, then refuses that source even the right address", async () => {
    const p = practice(0);
    for (let i = 0; i < 3; i++) expect((await attempt(wrong(p), "10.0.0.1")).statusCode).toBe(401);
    const limited = await attempt(p, "10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toEqual({ code: "RATE_LIMITED", message: MESSAGES.loginRateLimited });
  });

  it("does not let a stranger's failures lock the rightful user out", async () => {
    const p = practice(1);
    for (let i = 0; i < 4; i++) await attempt(wrong(p), "10.6.6.6");
    expect((await attempt(wrong(p), "10.6.6.6")).statusCode).toBe(429);
    expect((await attempt(p, "10.7.7.7")).statusCode).toBe(200);
  });

  it("past the account's global limit, lets only a source without failures try", async () => {
    const p = practice(2);
    // Seven failures from seven sources: each under its own limit, together over the global one.
    for (let i = 0; i < 7; i++) expect((await attempt(wrong(p), `10.4.0.${i}`)).statusCode).toBe(401);
    // A source that already failed on this account may not try again, right address or not.
    expect((await attempt(p, "10.4.0.1")).statusCode).toBe(429);
    // The rightful user, from a source without failures, still signs in.
    expect((await attempt(p, "10.4.1.1")).statusCode).toBe(200);
    // A fresh source gets one guess, not three.
    expect((await attempt(wrong(p), "10.4.1.2")).statusCode).toBe(401);
    expect((await attempt(wrong(p), "10.4.1.2")).statusCode).toBe(429);
  });

  it("limits attempts per IP, whatever the practice", async () => {
    const ip = "10.2.2.2";
    for (let i = 0; i < 20; i++) {
      const res = await attempt({ address_name: `Clinic ${i}`, line1: "1 Main Street", zip_code: "10001" }, ip);
      expect(res.statusCode).toBe(401);
    }
    expect(
      (await attempt({ address_name: "Clinic 21", line1: "1 Main Street", zip_code: "10001" }, ip)).statusCode,
    ).toBe(429);
    // Another IP is not affected.
    expect(
      (await attempt({ address_name: "Clinic 22", line1: "1 Main Street", zip_code: "10001" }, "10.3.3.3")).statusCode,
    ).toBe(401);
  });

  it("counts before checking: of 40 simultaneous wrong passwords from one IP only the limit's worth are checked", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: "POST",
          url: "/api/auth",
          payload: { method: "password", email: ADMIN.email, password: "wrong-password-1" },
          remoteAddress: "10.8.8.8",
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
  });
});

describe("the client address behind proxies (TRUST_PROXY)", () => {
  it("ignores X-Forwarded-For from a peer outside the trusted ranges", async () => {
    const app = await createTestApp({ TRUST_PROXY: ["10.0.0.0/8"], LOGIN_RATE_LIMIT_PER_IP: 3 });
    try {
      const forged = (i: number) => ({ "x-forwarded-for": `198.51.100.${i}` });
      const other = { address_name: "Nowhere Clinic", line1: "1 Main Street", zip_code: "10001" };
      for (let i = 0; i < 3; i++)
        expect((await attempt(other, "203.0.113.9", app.app, forged(i))).statusCode).toBe(401);
      expect((await attempt(other, "203.0.113.9", app.app, forged(9))).statusCode).toBe(429);
      // Through a trusted proxy, each client is counted on its own.
      for (let i = 0; i < 3; i++) expect((await attempt(other, "10.0.0.5", app.app, forged(50))).statusCode).toBe(401);
      expect((await attempt(other, "10.0.0.5", app.app, forged(50))).statusCode).toBe(429);
      expect((await attempt(other, "10.0.0.5", app.app, forged(51))).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it("with a number of hops, takes the address the nearest proxy saw, not what the client wrote", async () => {
    const app = await createTestApp({ TRUST_PROXY: 1, LOGIN_RATE_LIMIT_PER_IP: 3 });
    try {
      const other = { address_name: "Nowhere Clinic", line1: "1 Main Street", zip_code: "10001" };
      // The client puts a new address in front each time; the proxy appends the real one.
      const via = (i: number) => ({ "x-forwarded-for": `192.0.2.${i}, 198.51.100.60` });
      for (let i = 0; i < 3; i++) expect((await attempt(other, "10.0.0.5", app.app, via(i))).statusCode).toBe(401);
      expect((await attempt(other, "10.0.0.5", app.app, via(9))).statusCode).toBe(429);
      // Another client behind the same proxy has its own count.
      const next = { "x-forwarded-for": "192.0.2.1, 198.51.100.61" };
      expect((await attempt(other, "10.0.0.5", app.app, next)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});
