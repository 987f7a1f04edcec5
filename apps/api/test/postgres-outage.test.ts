import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type DatabaseHandle, openPostgres } from "../src/db/client.ts";
import { type createPostgresCopy, PRACTICE, testConfig } from "./helpers.ts";
import { proxiedPostgresCopy } from "./support/postgres-proxy.ts";
import type { TcpProxy } from "./tcp-proxy.ts";

/**
 * The API on a PostgreSQL server that goes away and comes back. A TCP proxy stands between the
 * pool and the server so the test can cut every connection and refuse new ones, as a server
 * restart or a network failure would.
 */
let proxy: TcpProxy;
let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
const warnings: unknown[] = [];

beforeAll(async () => {
  const proxied = await proxiedPostgresCopy();
  ({ copy, proxy } = proxied);
  database = await openPostgres(proxied.url, { poolSize: 4, logger: { warn: (obj) => warnings.push(obj) } });
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await proxy.down().catch(() => {});
  await copy.drop();
});

const signIn = () => app.inject({ method: "POST", url: "/api/auth", payload: { method: "address", ...PRACTICE } });
const health = () => app.inject({ method: "GET", url: "/api/health" });

describe("a PostgreSQL outage", () => {
  it("answers 503 with a clear message while the server is away, and recovers without a restart", async () => {
    // Open several pooled connections, so idle clients exist when the server goes away.
    await Promise.all([signIn(), signIn(), signIn()]);
    expect((await health()).statusCode).toBe(200);

    await proxy.down();
    const during = await signIn();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toEqual({
      result: 0,
      error: {
        code: "DATABASE_UNAVAILABLE",
        message: "The portal cannot reach its database right now. Please try again in a moment.",
      },
    });
    expect(during.body).not.toMatch(/ECONNREFUSED|at .*\.js|stack/i);
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json().data.database).toBe("down");

    await proxy.up();
    const after = await signIn();
    expect(after.statusCode).toBe(200);
    expect((await health()).json().data.database).toBe("up");
    // The idle connections the outage cut were reported through the pool's error event, not a crash.
    expect(warnings.length).toBeGreaterThan(0);
  });
});
