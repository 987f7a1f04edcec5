import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import type pg from "pg";
import type { Dataset } from "./report-bench-render.ts";

/** What the report benchmark reads of its database before it measures (report-bench.ts). */

export async function describeDataset(db: pg.Client): Promise<Dataset> {
  const { rows } = await db.query<Record<string, string>>(
    `select (select count(*) from orders) as orders,
            (select count(*) from order_products) as order_products,
            (select count(*) from inventory_transactions) as inventory_transactions,
            (select count(*) from users) as users,
            (select count(*) from products) as products,
            pg_size_pretty(pg_database_size(current_database())) as size,
            current_setting('server_version') as version,
            current_setting('shared_buffers') as shared_buffers,
            current_setting('work_mem') as work_mem,
            current_setting('max_parallel_workers_per_gather') as parallel,
            current_setting('jit') as jit`,
  );
  const r = rows[0] ?? {};
  return {
    counts: {
      orders: Number(r.orders),
      order_products: Number(r.order_products),
      inventory_transactions: Number(r.inventory_transactions),
      users: Number(r.users),
      products: Number(r.products),
    },
    size: r.size,
    version: r.version,
    settings: `shared_buffers ${r.shared_buffers}, work_mem ${r.work_mem}, max_parallel_workers_per_gather ${r.parallel}, jit ${r.jit}`,
  };
}

/** Twelve months ending on the newest order's day (portal time zone). */
export async function reportPeriod(db: pg.Client) {
  const { rows } = await db.query<{ date_from: string; date_to: string }>(
    `select to_char(d - interval '1 year' + interval '1 day', 'YYYY-MM-DD') as date_from,
            to_char(d, 'YYYY-MM-DD') as date_to
       from (select (max(created) at time zone $1)::date as d from orders) x`,
    [PORTAL_TIME_ZONE],
  );
  const r = rows[0];
  if (!r?.date_to) throw new Error("The database has no orders: run npm run bench:data first.");
  return r;
}

export async function migrationCount(db: pg.Client) {
  const { rows } = await db.query<{ n: number }>(
    "select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n",
  );
  return rows[0]?.n ?? 0;
}
