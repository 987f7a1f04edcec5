import { Writable } from "node:stream";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import type { DatabaseHandle } from "../src/db/client.ts";
import { addresses, cache_generations, email_outbox, users } from "../src/db/schema/index.ts";
import { redactUrl } from "../src/lib/log-redaction.ts";
import { bearer, openTestDatabase, signInAdmin, signInPractice, testConfig } from "./helpers.ts";

// Counts argon2 hashes without changing them: a made-up set-password token must not cost one.
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const original = await importOriginal<typeof import("@node-rs/argon2")>();
  return {
    ...original,
    hash: (...args: Parameters<typeof original.hash>) => {
      hashes.count++;
      return original.hash(...args);
    },
  };
});

const REFRESH_LIMIT = 12;
const LINK_LIMIT = 5;
const logLines: string[] = [];
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await buildApp({
    config: testConfig({ REFRESH_RATE_LIMIT_PER_IP: REFRESH_LIMIT, PASSWORD_LINK_RATE_LIMIT_PER_IP: LINK_LIMIT }),
    database,
    logger: { level: "info", stream },
    validateResponses: true,
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

let source = 0;
/** Each test calls from an address of its own, so the throttles do not carry over. */
let ip = "";
beforeEach(() => {
  source++;
  ip = `198.51.100.${source}`;
});

const post = (url: string, payload: unknown, remoteAddress = ip, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url, payload: payload as never, remoteAddress, headers });
const madeUp = (n: number) => `made-up-${n}-${"x".repeat(30)}`;
const generations = async () =>
  Object.fromEntries(
    (await database.db.select().from(cache_generations)).map((row) => [row.source, row.generation] as const),
  );

describe("POST /api/auth/refresh is throttled and cheap", () => {
  it("a made-up refresh token writes nothing: no change counter moves", async () => {
    const before = await generations();
    for (let n = 0; n < 3; n++)
      expect((await post("/api/auth/refresh", { refresh_token: madeUp(n) })).statusCode).toBe(401);
    expect(await generations()).toEqual(before);
  });

  it("a flood of made-up tokens from one source meets 429; another source and good tokens still refresh", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < REFRESH_LIMIT + 3; n++) {
      statuses.push((await post("/api/auth/refresh", { refresh_token: madeUp(n) })).statusCode);
    }
    expect(statuses.slice(0, REFRESH_LIMIT).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(REFRESH_LIMIT)).toEqual([429, 429, 429]);
    const refused = await post("/api/auth/refresh", { refresh_token: madeUp(0) });
    expect(refused.json().error.code).toBe("RATE_LIMITED");
    // Another source is not affected.
    const login = await signInPractice(app);
    expect((await post("/api/auth/refresh", { refresh_token: login.data }, "198.51.100.250")).statusCode).toBe(200);
  });

  it("a refresh that works does not use the allowance up", async () => {
    let token = (await signInPractice(app)).data;
    for (let n = 0; n < REFRESH_LIMIT + 3; n++) {
      const res = await post("/api/auth/refresh", { refresh_token: token });
      expect(res.statusCode).toBe(200);
      token = res.json().data.refresh_token;
    }
  });
});

describe("set-password links are throttled and looked up before hashing", () => {
  it("a made-up token is refused without an argon2 hash", async () => {
    const before = hashes.count;
    const res = await post("/api/auth/setPassword", {
      token: madeUp(1),
      password: "Guess1pass",
      confirmPassword: "Guess1pass",
    });
    expect(res.statusCode).toBe(404);
    expect(hashes.count).toBe(before);
  });

  it("a flood of made-up tokens (set or check) from one source meets 429 within the limit", async () => {
    const statuses: number[] = [];
    for (let n = 0; n < LINK_LIMIT + 2; n++) {
      const res =
        n % 2
          ? await post("/api/auth/checkPasswordLink", { token: madeUp(n) })
          : await post("/api/auth/setPassword", {
              token: madeUp(n),
              password: "Guess1pass",
              confirmPassword: "Guess1pass",
            });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LINK_LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(LINK_LIMIT)).toEqual([429, 429]);
  });

  it("a real link still hashes once and works", async () => {
    const admin = await signInAdmin(app);
    const [user] = await database.db.select().from(users).where(eq(users.email, "admin@vetportal.example"));
    expect(
      (await post("/api/user/sendPasswordLink", { id: user?.id }, ip, bearer(admin.access_token))).statusCode,
    ).toBe(200);
    const [mail] = await database.db
      .select()
      .from(email_outbox)
      .where(and(eq(email_outbox.kind, "password_link")))
      .orderBy(desc(email_outbox.id))
      .limit(1);
    const token = /#token=([\w-]+)/.exec(mail?.text ?? "")?.[1] ?? "";
    const before = hashes.count;
    const res = await post("/api/auth/setPassword", {
      token,
      password: "VetPortal2026",
      confirmPassword: "VetPortal2026",
    });
    expect(res.statusCode).toBe(200);
    expect(hashes.count).toBe(before + 1);
  });
});

describe("no secret in a logged URL", () => {
  it("redacts export codes and set-password tokens in every request line", async () => {
    const secrets = ["exportcode1234567890abcdef", "settoken1234567890abcdef", "encodedkey1234567890abcdef"];
    await app.inject({ method: "GET", url: `/api/report/download?code=${secrets[0]}` });
    await app.inject({ method: "GET", url: `/set-password?token=${secrets[1]}&x=1` });
    await app.inject({ method: "GET", url: `/set-password?%74oken=${secrets[2]}` });
    const log = logLines.join("");
    expect(log).toContain("/api/report/download?code=REDACTED");
    expect(log).toContain("/set-password?token=REDACTED&x=1");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });

  it("keeps URLs without a secret as they are", () => {
    expect(redactUrl("/api/order/list")).toBe("/api/order/list");
    expect(redactUrl("/media/product/4.svg?category=2")).toBe("/media/product/4.svg?category=2");
    expect(redactUrl("/x?Code=abc&REFRESH_TOKEN=def&a")).toBe("/x?Code=REDACTED&REFRESH_TOKEN=REDACTED&a");
    expect(redactUrl("/x?%zz=abc")).toBe("/x?%zz=REDACTED");
  });
});

describe("change counters move only when rows really changed (decision 026)", () => {
  it("an update or delete that matches nothing, or rewrites the same values, moves nothing; a bulk change moves once", async () => {
    const db = database.db;
    const gen = async () => (await generations()).addresses ?? 0;
    const start = await gen();
    await db.update(addresses).set({ city: "Nowhere" }).where(eq(addresses.id, -1));
    await db.delete(addresses).where(eq(addresses.id, -1));
    await db
      .update(addresses)
      .set({ country: sql`${addresses.country}` })
      .where(eq(addresses.belong_to, "user"));
    expect(await gen()).toBe(start);
    await db
      .update(addresses)
      .set({ title: sql`coalesce(${addresses.title}, '') || ' '` })
      .where(eq(addresses.belong_to, "user"));
    expect(await gen()).toBe(start + 1);
    const userGen = (await generations()).users;
    await db.update(users).set({ is_active: true }).where(eq(users.is_active, true));
    expect((await generations()).users).toBe(userGen);
  });
});
