import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import type { LoginResponse } from "@vetportal/contract";
import type { SQL } from "drizzle-orm";
import { inject } from "vitest";
import { buildApp } from "../src/app.ts";
import { type Config, loadConfig } from "../src/config.ts";
import { type Database, type DatabaseHandle, openPglite, openPostgres } from "../src/db/client.ts";
import { ownPostgresDatabase } from "./support/own-database.ts";

export const PRACTICE = { address_name: "Happy Paws Veterinary Clinic", line1: "120 Market Street", zip_code: "94105" };
export const NY_PRACTICE = { address_name: "Hudson Valley Animal Hospital", line1: "45 River Road", zip_code: "12601" };
export const ADMIN = { email: "admin@vetportal.example", password: "VetPortal2026" };

/** A new PostgreSQL database copied from the run's template; drop() removes it. */
export const createPostgresCopy = () => ownPostgresDatabase();

/**
 * A test's PGlite engine starts with this much shared memory instead of PostgreSQL's 128MB: the
 * engine zeroes all of it as it starts (0.4 s of every open; decision 051), and a test's rows need far less.
 */
const TEST_SHARED_BUFFERS = "16MB";

/** A fresh copy of the migrated, seeded template database, on the driver this project runs. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DRIVER === "pg") {
    const copy = await createPostgresCopy();
    const database = await openPostgres(copy.url, { poolSize: 5 });
    const close = database.close;
    database.close = async () => {
      await close();
      await copy.drop();
    };
    return database;
  }
  const dump = readFileSync(inject("pgliteTemplate"));
  return openPglite({ loadDataDir: new Blob([dump]), sharedBuffers: TEST_SHARED_BUFFERS });
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Tests sign in far more often than a person would; the rate-limit test sets its own limits.
  // They also change tables directly and read at once, which a server sees within its
  // CACHE_MAX_STALE_MS: here every cached value is checked against the database on each use
  // (test/cache.test.ts covers the time in between).
  const base = loadConfig({
    LOG_LEVEL: "silent",
    WEB_DIST_DIR: "/nonexistent",
    LOGIN_RATE_LIMIT_PER_IP: "10000",
    REFRESH_RATE_LIMIT_PER_IP: "10000",
    PASSWORD_LINK_RATE_LIMIT_PER_IP: "10000",
    CACHE_MAX_STALE_MS: "0",
  });
  return { ...base, ...overrides };
}

/**
 * buildApp() on a fresh test database; no port is opened (tests use inject()). Every answer is
 * checked against its contract schema as well.
 */
export async function createTestApp(overrides: Partial<Config> = {}) {
  const database = await openTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), database, validateResponses: true });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type App = Awaited<ReturnType<typeof createTestApp>>["app"];

export async function signIn(app: App, body: Record<string, unknown>): Promise<LoginResponse> {
  const res = await app.inject({ method: "POST", url: "/api/auth", payload: body });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export const signInPractice = (app: App, practice = PRACTICE) => signIn(app, { method: "address", ...practice });
export const signInAdmin = (app: App) => signIn(app, { method: "password", ...ADMIN });
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Raw SQL in a test, with typed rows (both drivers answer `{ rows }`). */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A TCP port that is free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
