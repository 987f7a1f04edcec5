import { IDEMPOTENCY_HEADER } from "@vetportal/contract";
import type pg from "pg";

/**
 * What the two-process race tests (`postgres-programme-races.test.ts`,
 * `postgres-print-processes.test.ts`) need beside their races: requests to a child API process,
 * sign-ins, a second administrator, the file's own products and programmes written straight into
 * its database, and the "naive" read-then-write versions each race is shown to break.
 */

export interface Answer {
  status: number;
  json: { data?: unknown; error?: { code: string; message?: string }; access_token?: string };
}

/** A POST to one API process, with a bearer token and any headers. */
export async function call(
  base: string,
  path: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer["json"] };
}

export const withKey = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

/** Signs in (a practice by its address, staff by password) and answers the access token and user id. */
export async function signInTo(base: string, body: Record<string, unknown>) {
  const res = await call(base, "/api/auth", body);
  if (res.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(res.json)}`);
  const json = res.json as unknown as { access_token: string; profile: { user_id: number } };
  return { token: json.access_token, userId: json.profile.user_id };
}

/** A second administrator with the demo administrator's password: two staff at once. */
export async function addAdministrator(sql: pg.Client, email: string, demoAdminEmail: string) {
  await sql.query(
    `insert into users (customer_id, first_name, last_name, email, password_hash, user_level_id)
     select customer_id, 'Second', 'Administrator', $2, password_hash, user_level_id
     from users where email = $1`,
    [demoAdminEmail, email],
  );
}

/** A product of customer 1850 in category 2101 (outside the demo programme's scope), $1 a pack. */
export async function insertProduct(
  sql: pg.Client,
  id: number,
  values: { name: string; min?: number; max?: number; stock?: number; sku?: string },
) {
  await sql.query(
    `insert into products (id, customer_id, product_category_id, name, customer_sku, min_quantity, max_quantity,
       is_in_inventory, actual_inventory) values ($1, 1850, 2101, $2, $3, $4, $5, true, $6)`,
    [id, values.name, values.sku ?? null, values.min ?? 1, values.max ?? 50, values.stock ?? 1000],
  );
  await sql.query(
    "insert into product_price_ranges (product_id, min_quantity, max_quantity, price_cents) values ($1, 1, null, 100)",
    [id],
  );
}

/** An active programme of customer 1850 over the given products, in packs per quarter. */
export async function insertProgramme(
  sql: pg.Client,
  values: { name: string; products: number[]; allotted: number; over: "refuse" | "approval" | "allow" },
) {
  const { rows } = await sql.query(
    `insert into allowance_programmes (customer_id, name, period, unit, scope, scope_ids, over_balance, default_allotted)
     values (1850, $1, 'quarter', 'packs', 'products', $2::integer[], $3, $4) returning id`,
    [values.name, values.products, values.over, values.allotted],
  );
  return rows[0].id as number;
}

/**
 * The ledger's rule over one programme: every account whose balance is not the sum of its ledger,
 * and every order line whose order and cancel rows do not equal what the line still has (the same
 * check as `support/allowances.ts ledgerMismatches`, on a pg client).
 */
export async function ledgerMismatches(sql: pg.Client, programmeId: number) {
  const { rows: accounts } = await sql.query(
    `select a.id from allowance_accounts a where a.programme_id = $1
       and a.balance <> coalesce((select sum(delta) from allowance_ledger l where l.account_id = a.id), 0)`,
    [programmeId],
  );
  const { rows: orders } = await sql.query(
    `with held as (
        select l.order_id, l.product_id, -sum(l.delta) as held from allowance_ledger l
        join allowance_accounts a on a.id = l.account_id
        where a.programme_id = $1 and l.kind in ('order', 'cancel') group by l.order_id, l.product_id
      )
      select h.order_id from held h
      join order_products op on op.order_id = h.order_id and op.product_id = h.product_id
      where h.held <> op.quantity - op.cancelled_quantity`,
    [programmeId],
  );
  return { accounts: accounts.map((r) => r.id as number), orders: orders.map((r) => r.order_id as number) };
}

/**
 * Runs `n` copies of a read-then-write transaction at once on their own connections: `read` in the
 * transaction, a pause that lets the others read too, then `write` with what was read. This is the
 * shape each real write path avoids by locking its row first; a race test shows it breaks.
 */
export async function naiveRace<T>(
  pool: pg.Pool,
  n: number,
  read: (client: pg.PoolClient, i: number) => Promise<T>,
  write: (client: pg.PoolClient, seen: T, i: number) => Promise<void>,
) {
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const client = await pool.connect();
      try {
        await client.query("begin");
        const seen = await read(client, i);
        await client.query("select pg_sleep(0.05)");
        await write(client, seen, i);
        await client.query("commit");
      } finally {
        client.release();
      }
    }),
  );
}
