/**
 * Fills a PostgreSQL database with a large, realistic data set for the report benchmarks
 * (issue 5 "Performance"; bench/README.md). Usage:
 *
 *   npm run bench:data -- --orders 1000000 [--practices 1000] [--products 500] [--months 24]
 *                         [--database-url postgres://…] [--reset] [--commit HEAD | --worktree]
 *
 * The schema comes from the API's own migrations, applied by the API's own code (openPostgres +
 * migrate) of a commit (HEAD by default, exported as the report benchmark does, see
 * api-under-test.ts) or, with --worktree, of the working tree; every large table is filled by set-based SQL
 * (INSERT … SELECT over generate_series), never row by row from JavaScript. Amounts follow
 * apps/api/src/modules/orders/pricing.ts; the inventory ledger matches the orders.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ORDER_STATUS } from "@vetportal/contract";
import pg from "pg";
import { loadConfig } from "../../apps/api/src/config.ts";
import { DEMO_ADMIN } from "../../apps/api/src/db/seed/index.ts";
import { hashPassword } from "../../apps/api/src/lib/hashing.ts";
import { exportApi } from "./api-under-test.ts";
import type { Loader } from "./generate/loader.ts";
import {
  insertLedger,
  insertLinesAndHistory,
  insertOrders,
  stageLedger,
  stageLines,
  stageOrders,
} from "./generate/orders-data.ts";
import { fillCustomer, fillDepartments, fillPeople, fillProducts } from "./generate/reference-data.ts";
import { verifySample } from "./generate/verify-data.ts";

const { values: args } = parseArgs({
  options: {
    orders: { type: "string", default: "1000000" },
    practices: { type: "string", default: "1000" },
    products: { type: "string", default: "500" },
    months: { type: "string", default: "24" },
    "database-url": { type: "string" },
    reset: { type: "boolean", default: false },
    commit: { type: "string" },
    worktree: { type: "boolean", default: false },
    help: { type: "boolean", short: "h", default: false },
  },
});

if (args.help) {
  console.log(
    "npm run bench:data -- --orders 1000000 [--practices 1000] [--products 500] [--months 24] [--database-url URL] [--reset] [--commit REV | --worktree]",
  );
  process.exit(0);
}

function positive(name: string, value: string | undefined, min = 1): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${value})`);
    process.exit(2);
  }
  return n;
}

const ORDERS = positive("orders", args.orders);
const PRACTICES = positive("practices", args.practices);
const PRODUCTS = positive("products", args.products, 10);
const MONTHS = positive("months", args.months);
const DATABASE_URL = args["database-url"] ?? process.env.DATABASE_URL;
if (!DATABASE_URL) {
  console.error("Set DATABASE_URL or pass --database-url (bench/scripts/postgres.sh start prints one).");
  process.exit(2);
}
// The same CUSTOMER_ID and ADMIN_USER_ID the API reads from the environment.
const config = loadConfig({ ...process.env, DATABASE_URL });
const CUSTOMER_ID = config.CUSTOMER_ID;
const ADMIN_ID = config.ADMIN_USER_ID;
/** Product ids are PRODUCT_ID_BASE + 1 … PRODUCT_ID_BASE + PRODUCTS. */
const PRODUCT_ID_BASE = 200_000;

const started = Date.now();
const seconds = (since: number) => ((Date.now() - since) / 1000).toFixed(1);

const client = new pg.Client({ connectionString: DATABASE_URL });

async function step(label: string, text: string, values: unknown[] = []) {
  const t0 = Date.now();
  const result = await client.query(text, values);
  console.log(`  ${label.padEnd(44)} ${String(result.rowCount ?? "").padStart(9)} rows ${seconds(t0).padStart(6)} s`);
  return result;
}

/** --reset empties the database; otherwise a database that already has data is refused. */
async function prepareSchema() {
  if (args.reset) {
    console.log("Resetting: dropping the public and drizzle schemas");
    await client.query("drop schema if exists public cascade");
    await client.query("drop schema if exists drizzle cascade");
    await client.query("create schema public");
  } else {
    const { rows } = await client.query<{ orders: string | null; customers: string | null }>(
      "select to_regclass('public.orders')::text as orders, to_regclass('public.customers')::text as customers",
    );
    if (rows[0]?.orders || rows[0]?.customers) {
      const { rows: has } = await client.query<{ has: boolean }>(
        "select exists (select 1 from orders) or exists (select 1 from users) as has",
      );
      if (has[0]?.has) {
        throw new Error("This database already has orders or users. Pass --reset to drop everything first.");
      }
    }
  }
  // The API's own migrations, applied by the API's own code (of the chosen commit).
  const t0 = Date.now();
  const clientModule = args.worktree
    ? new URL("../../apps/api/src/db/client.ts", import.meta.url)
    : pathToFileURL(join(exportApi(args.commit ?? "HEAD").dir, "apps/api/src/db/client.ts"));
  const { openPostgres } = (await import(clientModule.href)) as typeof import("../../apps/api/src/db/client.ts");
  // Two connections: one holds the migration lock while the other migrates.
  const database = await openPostgres(DATABASE_URL as string, { poolSize: 2 });
  try {
    await database.withMigrationLock(() => database.migrate());
  } finally {
    await database.close();
  }
  console.log(`Migrations of ${args.worktree ? "the working tree" : "the commit"} applied in ${seconds(t0)} s`);
}

async function fill() {
  console.log(
    `Generating ${ORDERS} orders, ${PRACTICES} practices, ${PRODUCTS} products over ${MONTHS} months for customer ${CUSTOMER_ID}`,
  );
  const adminHash = await hashPassword(DEMO_ADMIN.password);
  await client.query("begin");
  await client.query("set local timezone = 'UTC'");
  await client.query("set local work_mem = '512MB'");
  await client.query("set local temp_buffers = '1GB'");
  await client.query("select setseed(0.185)");
  // Foreign-key checks are row-by-row internal triggers; every generated reference is valid by
  // construction, so a superuser switches them off for the load (and on again before commit).
  // Other triggers stay on: the reports' rollup is kept by statement triggers that must run.
  const { rows: fkTriggers } = await client.query<{ disable: string; enable: string }>(
    `select format('alter table %s disable trigger %I', t.tgrelid::regclass, t.tgname) as disable,
            format('alter table %s enable trigger %I', t.tgrelid::regclass, t.tgname) as enable
       from pg_trigger t
       join pg_constraint k on k.oid = t.tgconstraint and k.contype = 'f'
       join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and t.tgisinternal
        and (select rolsuper from pg_roles where rolname = current_user)`,
  );
  for (const t of fkTriggers) await client.query(t.disable);
  if (fkTriggers.length) console.log(`  (${fkTriggers.length} foreign-key check triggers off during the load)`);

  const loader: Loader = {
    client,
    step,
    sizes: { CUSTOMER_ID, ADMIN_ID, PRODUCT_ID_BASE, ORDERS, PRACTICES, PRODUCTS, MONTHS },
  };
  // In this order: every random() draw follows setseed above, so the same options give the same data.
  await fillCustomer(loader);
  await fillDepartments(loader);
  await fillPeople(loader, adminHash);
  await fillProducts(loader);
  await stageOrders(loader);
  await stageLines(loader);
  await insertOrders(loader);
  await insertLinesAndHistory(loader);
  await stageLedger(loader);
  await insertLedger(loader);

  // Serial columns filled with explicit ids continue after them.
  for (const table of ["users", "orders"]) {
    await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
  }
  for (const t of fkTriggers) await client.query(t.enable);
  const t0 = Date.now();
  await client.query("commit");
  console.log(`  commit ${seconds(t0)} s`);
}

async function finish() {
  const { rows: views } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, matviewname) as name from pg_matviews where schemaname = 'public'",
  );
  for (const v of views) await step(`refresh ${v.name}`, `refresh materialized view ${v.name}`);
  await step("vacuum analyze", "vacuum (analyze)");
  await verifySample(client);

  const { rows } = await client.query<Record<string, string>>(
    `select (select count(*) from users) as users,
            (select count(*) from addresses) as addresses,
            (select count(*) from products) as products,
            (select count(*) from product_price_ranges) as product_price_ranges,
            (select count(*) from orders) as orders,
            (select count(*) from orders where order_status_id = $1) as orders_cancelled,
            (select count(distinct order_id) from order_products
              where cancelled_quantity > 0 and order_id in (select id from orders where order_status_id <> $1))
              as orders_partially_cancelled,
            (select count(*) from order_products) as order_products,
            (select count(*) from order_status_history) as order_status_history,
            (select count(*) from inventory_transactions) as inventory_transactions,
            (select min(created)::text from orders) as first_order,
            (select max(created)::text from orders) as last_order,
            pg_size_pretty(pg_database_size(current_database())) as database_size`,
    [ORDER_STATUS.CANCELLED],
  );
  console.log("\nRow counts:");
  for (const [k, v] of Object.entries(rows[0] ?? {})) console.log(`  ${k.padEnd(28)} ${v}`);
  console.log(`\nDone in ${seconds(started)} s`);
}

await client.connect();
try {
  await prepareSchema();
  await fill();
  await finish();
} catch (err) {
  const cause = err instanceof Error && err.cause instanceof Error ? `\n  cause: ${err.cause.message}` : "";
  console.error(`${err instanceof Error ? err.message : err}${cause}`);
  process.exitCode = 1;
} finally {
  await client.end();
}
