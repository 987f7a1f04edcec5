import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl } from "./database-url.ts";
import { PRACTICE } from "./helpers.ts";
import { type ApiProcess, useApiBundle } from "./support/api-process.ts";
import { orderBody } from "./support/fixtures.ts";

/**
 * The allowance's one rule under a real race (issue 23 §1, decision 039): two API processes on one
 * PostgreSQL database take 50 simultaneous one-pack orders against a "refuse" balance of 20 packs.
 * Exactly 20 are placed, the balance is 0, and the ledger equals the orders. A naive version
 * (read the balance, then write it) is shown to oversell on the same database.
 */
const PRODUCT = 977_001;
const api = useApiBundle("allowance-race");
const serverUrl = process.env.TEST_DATABASE_URL as string;
const dbName = `vp_allow_${randomUUID().replaceAll("-", "").slice(0, 10)}`;
const url = databaseUrl(serverUrl, dbName);
let server: pg.Client;
let sql: pg.Client;
let processes: ApiProcess[] = [];

beforeAll(async () => {
  server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  await server.query(`create database ${dbName}`);
  await api.build();
  const env = { DATABASE_URL: url, DATABASE_POOL_SIZE: "6", SEED_DEMO_DATA: "true" };
  processes = [await api.start(env)];
  processes.push(await api.start(env));
  sql = new pg.Client({ connectionString: url });
  await sql.connect();
  await sql.query(
    `insert into products (id, customer_id, product_category_id, name, min_quantity, max_quantity, is_in_inventory,
       actual_inventory) values ($1, 1850, 2101, 'Allowance race brochure', 1, 10, true, 1000)`,
    [PRODUCT],
  );
  await sql.query(
    "insert into product_price_ranges (product_id, min_quantity, max_quantity, price_cents) values ($1, 1, null, 100)",
    [PRODUCT],
  );
}, 120_000);

afterAll(async () => {
  api.cleanUp();
  await sql?.end();
  await server?.query(`drop database if exists ${dbName} with (force)`);
  await server?.end();
});

async function call(base: string, path: string, body: unknown, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as { data?: unknown; error?: { code: string } } };
}

async function programme(name: string, allotted: number) {
  const { rows } = await sql.query(
    `insert into allowance_programmes (customer_id, name, period, unit, scope, scope_ids, over_balance, default_allotted)
     values (1850, $1, 'quarter', 'packs', 'products', array[$2::integer], 'refuse', $3) returning id`,
    [name, PRODUCT, allotted],
  );
  return rows[0].id as number;
}

describe("an allowance raced by two API processes on PostgreSQL", () => {
  it("places exactly 20 of 50 simultaneous one-pack orders against a refuse balance of 20", async () => {
    const id = await programme("Two-process race", 20);
    const signIn = await call(processes[0]?.base as string, "/api/auth", { method: "address", ...PRACTICE });
    const token = (signIn.json as unknown as { access_token: string }).access_token;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call(processes[i % 2]?.base as string, "/api/order/add", orderBody([{ id: PRODUCT, quantity: 1 }]), token),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status !== 200).every((r) => r.json.error?.code === "ALLOWANCE_EXCEEDED")).toBe(
      true,
    );
    const { rows: accounts } = await sql.query(
      `select a.balance, (select sum(delta) from allowance_ledger l where l.account_id = a.id)::int as ledger
       from allowance_accounts a where a.programme_id = $1`,
      [id],
    );
    expect(accounts).toEqual([{ balance: 0, ledger: 0 }]);
    const { rows: used } = await sql.query(
      `select (select -sum(delta) from allowance_ledger l join allowance_accounts a on a.id = l.account_id
         where a.programme_id = $1 and l.kind = 'order')::int as ledger,
       (select sum(quantity) from order_products where product_id = $2)::int as ordered`,
      [id, PRODUCT],
    );
    expect(used).toEqual([{ ledger: 20, ordered: 20 }]);
  }, 60_000);

  it("would overspend with a read-then-write balance (the guard the real write avoids)", async () => {
    const id = await programme("Naive race", 20);
    await sql.query(
      `insert into allowance_accounts (programme_id, user_id, period_start, allotted, balance)
       select $1, id, date '2000-01-01', 20, 20 from users where representation = $2`,
      [id, PRACTICE.address_name],
    );
    const naive = new pg.Pool({ connectionString: url, max: 20 });
    let taken = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        const client = await naive.connect();
        try {
          await client.query("begin");
          const { rows } = await client.query("select id, balance from allowance_accounts where programme_id = $1", [
            id,
          ]);
          await client.query("select pg_sleep(0.02)");
          if (rows[0].balance >= 1) {
            await client.query("update allowance_accounts set balance = $2 where id = $1", [
              rows[0].id,
              rows[0].balance - 1,
            ]);
            taken++;
          }
          await client.query("commit");
        } finally {
          client.release();
        }
      }),
    );
    await naive.end();
    expect(taken).toBeGreaterThan(20);
  }, 60_000);
});
