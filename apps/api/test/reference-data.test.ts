import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import {
  ALL_ORDER_STATUSES,
  DEFAULT_DELIVERY_METHOD,
  FORBIDDEN_DELIVERY_METHOD_ID,
  USER_LEVELS,
} from "@vetportal/contract";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { type DatabaseHandle, openPglite, openPostgres } from "../src/db/client.ts";
import { prepareDatabase } from "../src/db/prepare.ts";
import { TEST_CUSTOMER_ID } from "./database-url.ts";
import { bearer, queryRows, signInAdmin, signInPractice, testConfig } from "./helpers.ts";
import { insertProduct, orderBody } from "./support/fixtures.ts";
import { ownPostgresDatabase } from "./support/own-database.ts";

/**
 * Reference data lives in the migrations (migration 0017, decision 029): a database that only ran
 * the migrations (SEED_DEMO_DATA=false) has a row for every order status and user level of the
 * contract, and a database made by an earlier release upgrades with its data intact.
 */

/** The earlier release's database: its migrations and demo seed, dumped as plain SQL (fixtures/make-release-fixture.sh). */
const RELEASE = "92c5425";
const RELEASE_DUMP = new URL(`./fixtures/release-${RELEASE}.sql.gz`, import.meta.url);
/** Orders the release's demo seed wrote into the dump. */
const RELEASE_ORDERS = 994;

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/**
 * An empty database on the driver this project runs (no template, no seed); `load` runs plain SQL
 * in it before the API's code opens it.
 */
async function emptyDatabase(load?: string): Promise<DatabaseHandle> {
  if (process.env.TEST_DRIVER === "pg") {
    const own = await ownPostgresDatabase({ empty: true, prefix: "vp_ref" });
    if (load) {
      const client = new pg.Client({ connectionString: own.url });
      await client.connect();
      await client.query(load);
      await client.end();
    }
    const database = await openPostgres(own.url, { poolSize: 3 });
    const close = database.close;
    database.close = async () => {
      await close();
      await own.drop();
    };
    opened.push(database);
    return database;
  }
  const database = await openPglite();
  opened.push(database);
  if (load) {
    await database.pglite?.exec(load);
    // The dump set its session's search_path to '' (pg_dump does); PGlite has one session.
    await database.pglite?.exec("reset all");
  }
  return database;
}

const rowsOf = <T>(database: DatabaseHandle, query: string) => queryRows<T>(database.db, sql.raw(query));

describe("reference data", () => {
  it("has a row for every order status and user level of the contract after the migrations alone", async () => {
    const database = await emptyDatabase();
    const summary = await prepareDatabase(database, { seed: false, customerId: TEST_CUSTOMER_ID });
    expect(summary).toMatchObject({ seeded: false });

    const statuses = await rowsOf<{ id: number; name: string }>(database, "select id, name from order_statuses");
    for (const status of ALL_ORDER_STATUSES)
      expect(statuses, `order status ${status.id} (${status.name})`).toContainEqual({
        id: status.id,
        name: status.name,
      });
    const levels = await rowsOf<{ id: number; name: string }>(database, "select id, name from user_levels");
    for (const level of USER_LEVELS)
      expect(levels, `user level ${level.id} (${level.name})`).toContainEqual({ id: level.id, name: level.name });

    const methods = await rowsOf<{ id: number; name: string }>(database, "select id, name from delivery_methods");
    expect(methods).toContainEqual({ id: DEFAULT_DELIVERY_METHOD.id, name: DEFAULT_DELIVERY_METHOD.name });
    expect(methods.map((m) => m.id)).toContain(FORBIDDEN_DELIVERY_METHOD_ID);
    const [customer] = await rowsOf<{ id: number }>(
      database,
      `select id from customers where id = ${TEST_CUSTOMER_ID}`,
    );
    expect(customer).toEqual({ id: TEST_CUSTOMER_ID });
    const listed = await rowsOf<{ id: number }>(
      database,
      `select delivery_method_id as id from customer_delivery_methods where customer_id = ${TEST_CUSTOMER_ID}`,
    );
    expect(listed.map((m) => m.id)).toContain(DEFAULT_DELIVERY_METHOD.id);
    // Nothing of the demo data.
    expect(await rowsOf(database, "select id from users")).toEqual([]);
    expect(await rowsOf(database, "select id from orders")).toEqual([]);
  });
});

describe(`upgrading a database made by release ${RELEASE}`, () => {
  it("keeps its orders, users and reference rows, and takes a new order", { timeout: 120_000 }, async () => {
    const dump = gunzipSync(readFileSync(RELEASE_DUMP)).toString("utf8");
    const database = await emptyDatabase(dump);
    const before = await rowsOf<{ orders: number; users: number; ledger: number }>(
      database,
      `select (select count(*)::int from orders) as orders, (select count(*)::int from users) as users,
              (select count(*)::int from inventory_transactions) as ledger`,
    );
    expect(before[0]?.orders).toBe(RELEASE_ORDERS);

    // A start of the new release: its migrations, and the seed, which must see the data and do nothing.
    const summary = await prepareDatabase(database, { seed: true, customerId: TEST_CUSTOMER_ID });
    expect(summary).toMatchObject({ migrated: true, seeded: false });
    const after = await rowsOf<{ orders: number; users: number; ledger: number }>(
      database,
      `select (select count(*)::int from orders) as orders, (select count(*)::int from users) as users,
              (select count(*)::int from inventory_transactions) as ledger`,
    );
    expect(after).toEqual(before);
    const statuses = await rowsOf<{ id: number; name: string }>(database, "select id, name from order_statuses");
    for (const status of ALL_ORDER_STATUSES) expect(statuses).toContainEqual({ id: status.id, name: status.name });
    // Every migration of this release is recorded as applied.
    const journal = JSON.parse(readFileSync(new URL("../drizzle/meta/_journal.json", import.meta.url), "utf8"));
    const [applied] = await rowsOf<{ n: number }>(
      database,
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    expect(applied?.n).toBe(journal.entries.length);

    // The upgraded database works: the demo practice signs in and orders; the administrator reads it.
    const app = await buildApp({ config: testConfig(), database, validateResponses: true });
    opened.unshift(app);
    await app.ready();
    const productId = await insertProduct(
      database.db,
      { id: 990_017, name: "Upgrade Test Brochure", is_in_inventory: false, no_order_below_zero_inventory: false },
      [[1, null, 2500]],
    );
    const practice = await signInPractice(app);
    const placed = await app.inject({
      method: "POST",
      url: "/api/order/add",
      headers: bearer(practice.access_token),
      payload: orderBody([{ id: productId, quantity: 3 }]),
    });
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json().data;
    expect(orderId).toBeGreaterThan(0);
    const admin = await signInAdmin(app);
    const read = await app.inject({
      method: "POST",
      url: "/api/order/query",
      headers: bearer(admin.access_token),
      payload: { id: orderId },
    });
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify(read.json().data)).toContain("Upgrade Test Brochure");
    const [count] = await rowsOf<{ n: number }>(database, "select count(*)::int as n from orders");
    expect(count?.n).toBe(RELEASE_ORDERS + 1);
  });
});
