import { randomUUID } from "node:crypto";
import { MESSAGES } from "@vetportal/contract";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type DatabaseHandle, openPostgres, type PostgresLimits } from "../src/db/client.ts";
import { bearer, type createPostgresCopy, signInAdmin, signInPractice, testConfig } from "./helpers.ts";
import { orderBody } from "./support/fixtures.ts";
import { proxiedPostgresCopy } from "./support/postgres-proxy.ts";
import type { TcpProxy } from "./tcp-proxy.ts";

/**
 * Database faults on a PostgreSQL server (issue 9 §2, docs/decisions/011): connections terminated
 * or cut inside open transactions and exports, a frozen server, a statement stuck behind a lock,
 * and a server restart (simulated by the proxy: cutting and refusing every connection for a
 * moment, since restarting the run's shared server would disturb the test files running beside
 * this one; `npm run bench:faults` restarts a real one). The app reaches the server through a TCP
 * proxy; an administrator connection goes around it. Any `error` event without a listener would be
 * an uncaught exception and fail the run, so "the process survives" is checked throughout.
 */
// Long enough for the test to see every request waiting on its lock before it acts.
const LIMITS: PostgresLimits = {
  connectTimeoutMs: 3_000,
  statementTimeoutMs: 4_000,
  queryTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 5_000,
  exportStatementTimeoutMs: 60_000,
  keepAliveMs: 1_000,
};
const POOL_SIZE = 6;
const PRODUCT = 970_001;

let copy: Awaited<ReturnType<typeof createPostgresCopy>>;
let proxy: TcpProxy;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
let admin: pg.Client;
let baseUrl: string;
let practice: string;
let administrator: string;

beforeAll(async () => {
  const proxied = await proxiedPostgresCopy();
  ({ copy, proxy } = proxied);
  database = await openPostgres(proxied.url, { poolSize: POOL_SIZE, limits: LIMITS });
  app = await buildApp({ config: testConfig(), database });
  baseUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  admin = new pg.Client({ connectionString: copy.url });
  await admin.connect();
  // A tracked product: an order for it updates its row, so a lock on that row holds orders mid-transaction.
  await admin.query(
    `insert into products (id, customer_id, product_category_id, name, min_quantity, max_quantity, is_in_inventory,
       no_order_below_zero_inventory, actual_inventory) values ($1, 1850, 2101, 'Fault Brochure', 1, 10, true, true, 100000)`,
    [PRODUCT],
  );
  await admin.query("insert into product_price_ranges (product_id, min_quantity, price_cents) values ($1, 1, 500)", [
    PRODUCT,
  ]);
  practice = (await signInPractice(app)).access_token;
  administrator = (await signInAdmin(app)).access_token;
}, 60_000);
afterAll(async () => {
  await app.close();
  await database.close();
  await proxy.down().catch(() => {});
  await admin.end();
  await copy.drop();
});

const placeOrder = (key = randomUUID()) =>
  app.inject({
    method: "POST",
    url: "/api/order/add",
    headers: { ...bearer(practice), "idempotency-key": key },
    payload: orderBody([{ id: PRODUCT, quantity: 1 }], { shipping_instruction: key }),
  });

/** A download link for the item view of every seeded order (a few hundred KB of CSV). */
async function exportUrl() {
  const res = await app.inject({
    method: "POST",
    url: "/api/report/export",
    headers: bearer(administrator),
    payload: { report: "order", filter: { search_by: 4, date_from: "2000-01-01", date_to: "2030-12-31" } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `${baseUrl}${res.json().data.url}`;
}

/** Backends of the app (every one but the administrator's) in the given wait state. */
async function appBackends(waitEventType?: string) {
  // Inside the administrator's transaction the activity view would otherwise show its first snapshot.
  await admin.query("select pg_stat_clear_snapshot()");
  const { rows } = await admin.query(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
       and ($1::text is null or wait_event_type = $1)`,
    [waitEventType ?? null],
  );
  return rows.length;
}
async function waitFor(condition: () => Promise<boolean>) {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((r) => setTimeout(r, 50));
}
const terminateAppBackends = () =>
  admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
  );
const storedWith = async (keys: string[]) =>
  (
    await admin.query<{ key: string; n: number }>(
      "select shipping_instruction as key, count(*)::int as n from orders where shipping_instruction = any($1) group by 1",
      [keys],
    )
  ).rows;

/** Every pooled connection is usable: more simultaneous orders than the pool has connections all succeed. */
async function expectPoolRecovered() {
  expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  const results = await Promise.all(Array.from({ length: POOL_SIZE * 2 }, () => placeOrder()));
  expect(results.map((r) => r.statusCode)).toEqual(results.map(() => 200));
}

const expectUnavailable = (res: { statusCode: number; json(): { error: { code: string } } }) => {
  expect(res.statusCode).toBe(503);
  expect(res.json().error.code).toBe("DATABASE_UNAVAILABLE");
};

describe("database faults on PostgreSQL", () => {
  it("answers 503 to orders and an export whose connections are terminated mid-transaction, then recovers", async () => {
    const url = await exportUrl();
    // Hold the product's row and the order lines: orders wait inside their transactions (on the row
    // their stock update needs), the export's COPY waits for its first rows.
    await admin.query("begin");
    let orders: ReturnType<typeof placeOrder>[];
    let download: Promise<Response>;
    try {
      await admin.query("select id from products where id = $1 for update", [PRODUCT]);
      await admin.query("lock table order_products in access exclusive mode");
      orders = Array.from({ length: 4 }, () => placeOrder());
      download = fetch(url);
      await waitFor(async () => (await appBackends("Lock")) >= 5);
      expect(await appBackends("Lock")).toBe(5);
      await terminateAppBackends();
    } finally {
      await admin.query("rollback");
    }
    for (const res of await Promise.all(orders)) expectUnavailable(res);
    const exported = await download;
    expect(exported.status).toBe(503);
    expect(((await exported.json()) as { error: { code: string } }).error.code).toBe("DATABASE_UNAVAILABLE");

    await expectPoolRecovered();
    const again = await fetch(url);
    expect(again.status).toBe(200);
    expect((await again.text()).split("\n").length).toBeGreaterThan(100);
  });

  it("ends an export whose connection is lost after the headers, without crashing, and the next one is whole", async () => {
    // A code works once (decision 025): each download has its own.
    const whole = await (await fetch(await exportUrl())).text();

    const url = await exportUrl();
    proxy.throttle(true);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    let received = (await reader.read()).value?.length ?? 0;
    proxy.cut();
    proxy.throttle(false);
    // The response is destroyed: reading fails instead of ending as if the file were complete.
    const outcome = await (async () => {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) return "ended";
        received += chunk.value.length;
      }
    })().catch(() => "aborted");
    expect(outcome).toBe("aborted");
    expect(received).toBeLessThan(Buffer.byteLength(whole));

    expect(await (await fetch(await exportUrl())).text()).toBe(whole);
    await expectPoolRecovered();
  });

  it("answers 503 within its limits while the server is frozen, and serves again once it answers", async () => {
    await Promise.all([placeOrder(), placeOrder()]); // idle connections in the pool, which will hang
    proxy.freeze();
    try {
      const [order, signIn] = await Promise.all([
        placeOrder(),
        app.inject({
          method: "POST",
          url: "/api/auth",
          payload: { method: "password", email: "admin@vetportal.example", password: "VetPortal2026" },
        }),
      ]);
      expectUnavailable(order);
      expectUnavailable(signIn);
      expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(503);
    } finally {
      proxy.thaw();
    }
    await expectPoolRecovered();
  });

  it("cancels a statement stuck behind another session's lock at the statement timeout: 503, not a hang", async () => {
    await admin.query("begin");
    try {
      await admin.query("select id from products where id = $1 for update", [PRODUCT]);
      const res = await placeOrder();
      expectUnavailable(res);
      expect(res.json().error.message).toBe(MESSAGES.databaseTimeout);
    } finally {
      await admin.query("rollback");
    }
    await expectPoolRecovered();
  });

  it("answers only 200 or 503 through a simulated server restart under load, storing each answered order once", async () => {
    const answers = new Map<string, { status: number; code?: string; id?: number }>();
    let stop = false;
    const client = async () => {
      while (!stop) {
        const key = randomUUID();
        const res = await placeOrder(key);
        answers.set(key, { status: res.statusCode, code: res.json().error?.code, id: res.json().data });
      }
    };
    const clients = Array.from({ length: 6 }, client);
    await waitFor(async () => answers.size >= 20);
    // The "restart" comes while orders are inside their transactions (held on the product's row).
    await admin.query("begin");
    try {
      await admin.query("select id from products where id = $1 for update", [PRODUCT]);
      await waitFor(async () => (await appBackends("Lock")) >= 3);
      await proxy.down();
    } finally {
      await admin.query("rollback");
    }
    await new Promise((r) => setTimeout(r, 500));
    await proxy.up();
    await waitFor(async () => [...answers.values()].filter((a) => a.status === 200).length >= 60);
    stop = true;
    await Promise.all(clients);

    const all = [...answers.values()];
    expect(all.filter((a) => a.status !== 200 && !(a.status === 503 && a.code === "DATABASE_UNAVAILABLE"))).toEqual([]);
    expect(all.some((a) => a.status === 503)).toBe(true);
    const answered = [...answers].filter(([, a]) => a.status === 200).map(([key]) => key);
    const stored = await storedWith(answered);
    expect(stored).toHaveLength(answered.length);
    expect(stored.every((s) => s.n === 1)).toBe(true);
    await expectPoolRecovered();
  });
});
