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
import {
  ORDER_STATUS,
  ORDER_STATUS_CANCELLED,
  ORDER_STATUSES,
  orderAmounts,
  PROCESSING_FEE_CENTS,
  type PriceTier as PriceRange,
  priceLine,
  TAX_RATE_BPS,
  USER_LEVEL,
  USER_LEVELS,
} from "@vetportal/contract";
import pg from "pg";
import { loadConfig } from "../../apps/api/src/config.ts";
import { DEMO_CATEGORIES } from "../../apps/api/src/db/seed/demo-catalog.ts";
import { DEMO_COST_CENTERS, DEMO_DEPARTMENTS } from "../../apps/api/src/db/seed/demo-people.ts";
import { DEMO_ADMIN } from "../../apps/api/src/db/seed/index.ts";
import { hashPassword } from "../../apps/api/src/lib/hashing.ts";
import { exportApi } from "./api-under-test.ts";

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

  // The period: MONTHS calendar months ending now. bounds[1] = start … bounds[MONTHS + 1] = now.
  await step(
    "period",
    `create temp table g_period on commit drop as
     select now() - make_interval(months => $1) as start_at, now() as end_at,
            array(select case when m = $1 then now() else now() - make_interval(months => $1 - m) end
                    from generate_series(0, $1) m order by m) as bounds`,
    [MONTHS],
  );

  // Reference data: since migration 0017 the migrations write it (decision 029); an older commit's
  // migrations (--commit) do not, so it is inserted where missing.
  await step(
    "customer",
    "insert into customers (id, name) values ($1, 'Companion Animal Health Partners') on conflict do nothing",
    [CUSTOMER_ID],
  );
  await step(
    "user levels",
    "insert into user_levels (id, name) select * from json_to_recordset($1) as x(id int, name text) on conflict do nothing",
    [JSON.stringify(USER_LEVELS)],
  );
  await step(
    "order statuses",
    "insert into order_statuses (id, name) select * from json_to_recordset($1) as x(id int, name text) on conflict do nothing",
    [JSON.stringify([...ORDER_STATUSES, ORDER_STATUS_CANCELLED])],
  );
  await step(
    "delivery methods",
    `insert into delivery_methods (id, name, remarks, max_business_days, shipping_cents)
     select * from json_to_recordset($1) as x(id int, name text, remarks text, max_business_days int, shipping_cents int)
     on conflict do nothing`,
    [JSON.stringify(DELIVERY_METHODS)],
  );
  await step(
    "customer delivery methods",
    `insert into customer_delivery_methods (customer_id, delivery_method_id, sort_order)
     select $1, id, row_number() over (order by id) - 1 from delivery_methods
     on conflict do nothing`,
    [CUSTOMER_ID],
  );
  await step(
    "departments",
    `insert into departments (customer_id, name, department_code, billing_reports, ups_number)
     select $1, x.name, x.code, x.code in ('VSE', 'VSW'), 'UPS-' || x.code || '-1001'
       from json_to_recordset($2) as x(name text, code text, ord int) order by x.ord`,
    [CUSTOMER_ID, JSON.stringify(DEMO_DEPARTMENTS.map((d, ord) => ({ name: d.name, code: d.code, ord })))],
  );
  await step(
    "department cc emails",
    `insert into department_cc_emails (department_id, email)
     select d.id, x.email from json_to_recordset($1) as x(name text, email text) join departments d on d.name = x.name`,
    [JSON.stringify(DEMO_DEPARTMENTS.flatMap((d) => d.cc.map((email) => ({ name: d.name, email }))))],
  );
  await step(
    "cost centers",
    `insert into cost_centers (customer_id, name) select $1, x.name from json_to_recordset($2) as x(name text, ord int) order by x.ord`,
    [CUSTOMER_ID, JSON.stringify(DEMO_COST_CENTERS.map((c, ord) => ({ name: c.name, ord })))],
  );
  await step(
    "cost center departments",
    `insert into cost_center_departments (cost_center_id, department_id)
     select c.id, d.id from json_to_recordset($1) as x(cc text, dept text)
       join cost_centers c on c.name = x.cc join departments d on d.name = x.dept`,
    [JSON.stringify(DEMO_COST_CENTERS.flatMap((c) => c.departments.map((dept) => ({ cc: c.name, dept }))))],
  );
  await step(
    "product categories",
    `insert into product_categories (id, customer_id, name, subtitle, sort_order)
     select x.id, $1, x.name, x.subtitle, x.sort_order from json_to_recordset($2) as x(id int, name text, subtitle text, sort_order int)`,
    [
      CUSTOMER_ID,
      JSON.stringify(
        DEMO_CATEGORIES.map((c) => ({ id: c.id, name: c.name, subtitle: c.subtitle, sort_order: c.sort_order })),
      ),
    ],
  );

  // The administrator, as the seed creates it (ADMIN_USER_ID, level Administrator, password sign-in).
  await step(
    "administrator",
    `insert into users (id, customer_id, first_name, last_name, email, password_hash, phone, title, representation,
                        user_level_id, department_id, is_approver, created, updated)
     select $1, $2, 'Alex', 'Morgan', $3, $4, '800-555-0100', 'Portal Administrator', 'Vet Portal Operations',
            $5, (select id from departments where department_code = 'PD'), true, p.start_at - interval '60 days', p.start_at
       from g_period p`,
    [ADMIN_ID, CUSTOMER_ID, DEMO_ADMIN.email, adminHash, USER_LEVEL.ADMINISTRATOR],
  );

  // Practices: ids 1 … PRACTICES + 1 without the administrator's. Departments weighted toward the
  // two sales regions; one practice in 50 is a manager.
  await step(
    "practices (users)",
    `insert into users (id, customer_id, first_name, last_name, email, phone, title, representation,
                        user_level_id, department_id, created, updated)
     select s.id, $2, fn, ln,
            lower(fn || '.' || ln || '.' || s.g) || '@practice' || s.g || '.test',
            lpad((201 + s.g * 7 % 788)::text, 3, '0') || '-555-' || lpad((s.g * 37 % 10000)::text, 4, '0'),
            (array['Practice Manager', 'Office Manager', 'Veterinarian'])[1 + s.g % 3],
            (array['Oakwood', 'Riverside', 'Maple Grove', 'Cedar Hills', 'Harbor View', 'Sunset', 'Willow Creek',
                   'Pine Valley', 'Lakeside', 'Mountain View', 'Brookside', 'Meadowbrook', 'Fox Run', 'Stonebridge',
                   'Bayside', 'Elm Street', 'Northgate', 'Southpoint', 'Greenfield', 'Highland'])[1 + s.g % 20]
              || ' ' || (array['Animal Hospital', 'Veterinary Clinic', 'Pet Care Center', 'Veterinary Center',
                               'Animal Clinic', 'Veterinary Hospital'])[1 + (s.g / 20) % 6]
              || case when s.g > 120 then ' #' || s.g else '' end,
            case when s.g % 50 = 7 then $4::int else $3::int end,
            (select id from departments where department_code =
               (array['VSE', 'VSW', 'VSE', 'VSW', 'VSE', 'VSW', 'SMP', 'CAM', 'PD', 'VSW'])[1 + s.g % 10]),
            p.start_at - interval '30 days', p.start_at - interval '30 days'
       from (select g, g + (g >= $1)::int as id,
                    (array['Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Avery', 'Quinn', 'Jamie', 'Drew', 'Sam',
                           'Alex', 'Robin', 'Jesse', 'Cameron', 'Dana'])[1 + g % 15] as fn,
                    (array['Smith', 'Johnson', 'Lee', 'Garcia', 'Brown', 'Davis', 'Miller', 'Wilson', 'Moore',
                           'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Scott'])[1 + (g / 15) % 17] as ln
               from generate_series(1, $5::int) g) s
      cross join g_period p`,
    [ADMIN_ID, CUSTOMER_ID, USER_LEVEL.USER, USER_LEVEL.MANAGER, PRACTICES],
  );
  await step(
    "practice addresses",
    `insert into addresses (customer_id, belong_to, owner_id, dropdown_name, title, company, contact, line1, city,
                            state, zip_code, country, phone, is_billing, created, updated)
     select u.customer_id, 'user', u.id, 'Practice', u.representation, u.representation,
            u.first_name || ' ' || u.last_name,
            (100 + u.id * 37 % 9800) || ' ' || (array['Main St', 'Oak Ave', 'Park Blvd', 'Elm St', 'Lake Dr',
              'Hill Rd', 'Center St', 'River Rd', 'Market St', 'Church St'])[1 + u.id % 10],
            c.city, c.state, lpad(((c.zip + u.id % 50) % 100000)::text, 5, '0'), 186, u.phone, true,
            u.created, u.created
       from users u
       join (select ord, city, state, zip from json_to_recordset($2) as x(ord int, city text, state text, zip int)) c
         on c.ord = u.id % $3
      where u.id <> $1
      order by u.id`,
    [ADMIN_ID, JSON.stringify(CITIES.map(([city, state, zip], ord) => ({ ord, city, state, zip }))), CITIES.length],
  );

  // Products: the demo catalogue's names (numbered editions beyond it), all stocked in inventory.
  const demo = DEMO_CATEGORIES.flatMap((c) =>
    c.products.map((p) => ({ name: p.name, category: c.id, pack: p.pack, base: BASE_PRICE[p.kind] })),
  );
  await step(
    "products",
    `insert into products (id, customer_id, product_category_id, name, customer_sku, description_1, additional_info,
                           package_quantity, min_quantity, max_quantity, is_in_inventory, show_inventory,
                           no_order_below_zero_inventory, low_inventory_amount, pick_fee_cents, cutoff_time,
                           is_active, created, updated)
     select $1::int + g, $2, d.category,
            d.name || case when g > $4::int then ' (edition ' || ((g - 1) / $4::int + 1) || ')' else '' end,
            'VP-' || lpad(g::text, 5, '0'),
            'Written by veterinarians in plain language for pet owners. Sold in packs of ' || d.pack || '.',
            'Pack of ' || d.pack, d.pack, 1, 100, true, g % 2 = 0, true,
            (array[20, 30, 50, 80])[1 + g % 4], (array[25, 35, 50])[1 + g % 3], (array[1, 2, 2, 3])[1 + g % 4],
            g % 50 <> 0, p.start_at - interval '60 days', p.start_at - interval '60 days'
       from generate_series(1, $3::int) g
       join (select ord, name, category, pack from json_to_recordset($5) as x(ord int, name text, category int, pack int)) d
         on d.ord = (g - 1) % $4::int
      cross join g_period p`,
    [PRODUCT_ID_BASE, CUSTOMER_ID, PRODUCTS, demo.length, JSON.stringify(demo.map((d, ord) => ({ ord, ...d })))],
  );
  // Three price ranges a product, like the seed: 1–9, 10–24 at 90 %, 25+ at 80 %.
  await step(
    "product price ranges",
    `insert into product_price_ranges (product_id, min_quantity, max_quantity, price_cents)
     select p.id, r.min_q, r.max_q, (round(b.price * r.pct / 1000.0) * 10)::int
       from products p
       join (select ord, base from json_to_recordset($2) as x(ord int, base int)) d
         on d.ord = (p.id - $1 - 1) % $3
      cross join lateral (select d.base + ((p.id * 37) % 9) * 100 as price) b
      cross join (values (1, 9, 100), (10, 24, 90), (25, null, 80)) as r(min_q, max_q, pct)
      order by p.id, r.min_q`,
    [PRODUCT_ID_BASE, JSON.stringify(demo.map((d, ord) => ({ ord, base: d.base }))), demo.length],
  );

  // Orders, staged with every random choice first. created spreads the orders evenly over the
  // period with ids in time order; kind: N normal, C fully cancelled (~4 %), P one line cancelled (~3 %).
  await step(
    "stage orders",
    `create temp table g_orders on commit drop as
     select s.id,
            s.created,
            s.user_id,
            s.n_lines,
            s.p0,
            case when s.r_kind < 0.04 then 'C' when s.n_lines >= 2 and s.r_kind < 0.0775 then 'P' else 'N' end as kind,
            case when s.r_kind < 0.04 then $3::int
                 when s.created > p.end_at - interval '3 days'
                   then case when s.r_status < 0.85 then $4::int when s.r_status < 0.93 then 18 else 19 end
                 else case when s.r_status < 0.985 then $5::int when s.r_status < 0.995 then 18 else 19 end
            end as status,
            case when s.r_delivery < 0.85 then 1 else 2 + floor((s.r_delivery - 0.85) / 0.15 * 4)::int end as delivery_method_id,
            case when s.r_type < 0.9 then 1 else 2 end as order_type_id,
            case when s.r_po < 0.4 then 'PO-' || (10000 + floor(s.r_po * 224997))::int end as po_number,
            case when s.r_note < 0.2 then (array['Deliver to the back door', 'Front desk, ask for the practice manager',
                 'Closed 12-1pm for lunch', 'For our wellness month display'])[1 + floor(s.r_note * 20)::int] end
              as shipping_instruction,
            s.r_cc,
            s.created + make_interval(days => 1 + floor(s.r_ship * 2)::int, hours => floor(s.r_ship * 997)::int % 8)
              as ship_at,
            least(s.created + make_interval(mins => 5 + floor(s.r_ship * 100)::int), p.end_at) as cancel_at,
            '1Z' || lpad(floor(s.r_track * 1e9)::bigint::text, 9, '0') || lpad((s.id % 10000000)::text, 7, '0')
              as tracking_number
       from (select g as id,
                    p.start_at + (extract(epoch from p.end_at - p.start_at) * ((g - 1) + random()) / $1::int)
                      * interval '1 second' as created,
                    -- practices differ in volume: lower indexes order more
                    (1 + floor($2::int * power(random(), 1.5)))::int as u,
                    1 + floor(random() * 5)::int as n_lines,
                    floor($7::int * power(random(), 1.3))::int as p0,
                    random() as r_kind, random() as r_status, random() as r_delivery, random() as r_type,
                    random() as r_po, random() as r_note, random() as r_cc, random() as r_ship, random() as r_track
               from generate_series(1, $1::int) g cross join g_period p) s0
      cross join lateral (select s0.*, s0.u + (s0.u >= $6::int)::int as user_id) s
      cross join g_period p`,
    [ORDERS, PRACTICES, ORDER_STATUS_CANCELLED.id, ORDER_STATUS.ACTIVE, ORDER_STATUS.SHIPPED, ADMIN_ID, PRODUCTS],
  );
  await client.query("alter table g_orders add primary key (id)");

  // Order lines: 1–5 distinct products an order (3 on average), quantities across the three price
  // ranges, priced from product_price_ranges as pricing.ts unitPriceFor does.
  await step(
    "stage order lines",
    `create temp table g_lines on commit drop as
     select l.order_id, l.k, l.product_id, l.quantity, pr.price_cents as unit_price_cents,
            pr.price_cents * l.quantity as total_price_cents, p.pick_fee_cents * l.quantity as pick_fee_cents,
            p.name as product_name, l.is_cancelled
       from (select o.id as order_id, k, $1::int + 1 + (o.p0 + (k - 1) * 97) % $2::int as product_id,
                    (o.kind = 'C' or (o.kind = 'P' and k = 1)) as is_cancelled,
                    case when r < 0.6 then 1 + floor(r / 0.6 * 9)::int
                         when r < 0.9 then 10 + floor((r - 0.6) / 0.3 * 15)::int
                         else 25 + floor((r - 0.9) / 0.1 * 36)::int end as quantity
               from (select o.id, o.p0, o.kind, k, random() as r
                       from g_orders o cross join lateral generate_series(1, o.n_lines) k) o) l
       join products p on p.id = l.product_id
       join product_price_ranges pr on pr.product_id = l.product_id and l.quantity >= pr.min_quantity
        and (pr.max_quantity is null or l.quantity <= pr.max_quantity)`,
    [PRODUCT_ID_BASE, PRODUCTS],
  );
  // What is invoiced: the lines not cancelled (pricing.ts orderAmounts).
  await step(
    "stage order amounts",
    `create temp table g_amounts on commit drop as
     select order_id, sum(total_price_cents)::int as items, sum(pick_fee_cents)::int as pick
       from g_lines where not is_cancelled group by order_id`,
  );
  await client.query("alter table g_amounts add primary key (order_id)");
  await step(
    "stage department cost centers",
    `create temp table g_dept_cc on commit drop as
     select department_id, array_agg(cost_center_id order by cost_center_id) as ccs
       from cost_center_departments group by department_id`,
  );

  await step(
    "orders",
    `insert into orders (id, customer_id, user_id, department_id, cost_center_id, order_status_id, order_type_id,
                         payment_method_id, delivery_method_id, po_number, contact_name, contact_phone, email,
                         shipping_instruction, shipping_address_id, ship_name, ship_line1, ship_city, ship_state,
                         ship_zip_code, ship_country, total_items_amount, pick_fee_amount, shipping_amount,
                         processing_amount, tax_amount, total_order_amount, date_shipped, tracking_number,
                         created, updated)
     select o.id, $1, o.user_id, u.department_id,
            case when o.r_cc < 0.9 and dc.ccs is not null
                 then dc.ccs[1 + floor(o.r_cc / 0.9 * cardinality(dc.ccs))::int] end,
            o.status, o.order_type_id, 1, o.delivery_method_id, o.po_number,
            u.first_name || ' ' || u.last_name, u.phone, u.email, o.shipping_instruction, a.id,
            a.company, a.line1, a.city, a.state, a.zip_code, a.country,
            x.items, x.pick, x.shipping, x.processing, x.tax, x.items + x.pick + x.shipping + x.processing + x.tax,
            case when o.status = $4::int then o.ship_at end,
            case when o.status = $4::int then o.tracking_number end,
            o.created,
            case when o.status = $4::int then o.ship_at when o.kind = 'C' then o.cancel_at else o.created end
       from g_orders o
       join users u on u.id = o.user_id
       join addresses a on a.belong_to = 'user' and a.owner_id = u.id
       join delivery_methods dm on dm.id = o.delivery_method_id
       left join g_dept_cc dc on dc.department_id = u.department_id
       left join g_amounts am on am.order_id = o.id
      cross join lateral (
        select coalesce(am.items, 0) as items, coalesce(am.pick, 0) as pick,
               case when am.order_id is null then 0 else dm.shipping_cents end as shipping,
               case when am.order_id is null then 0 else $2::int end as processing,
               coalesce(round((am.items + am.pick)::bigint * $3::int / 10000.0)::int, 0) as tax) x
      order by o.id`,
    [CUSTOMER_ID, PROCESSING_FEE_CENTS, TAX_RATE_BPS, ORDER_STATUS.SHIPPED],
  );
  await step(
    "order lines",
    `insert into order_products (order_id, product_id, product_name, quantity, cancelled_quantity, unit_price_cents,
                                 total_price_cents, pick_fee_cents, estimated_ship_date, estimated_delivery_date,
                                 tracking_number, created, updated)
     select l.order_id, l.product_id, l.product_name, l.quantity, case when l.is_cancelled then l.quantity else 0 end,
            l.unit_price_cents, l.total_price_cents, l.pick_fee_cents,
            (o.created + interval '1 day')::date, (o.created + make_interval(days => 1 + dm.max_business_days))::date,
            case when o.status = $1::int then o.tracking_number end, o.created,
            case when l.is_cancelled then o.cancel_at else o.created end
       from g_lines l join g_orders o on o.id = l.order_id join delivery_methods dm on dm.id = o.delivery_method_id
      order by l.order_id, l.k`,
    [ORDER_STATUS.SHIPPED],
  );
  await step(
    "order status history",
    `insert into order_status_history (order_id, order_status_id, user_id, created, updated)
     select order_id, status, user_id, at, at from (
       select id as order_id, $1::int as status, user_id, created as at, 0 as seq from g_orders
       union all
       select id, status, user_id, ship_at, 1 from g_orders where status = $2::int
       union all
       select id, status, user_id, cancel_at, 1 from g_orders where status = $3::int
       union all
       select id, status, user_id, created + interval '2 hours', 1 from g_orders where status in (18, 19)
     ) h order by at, order_id, seq`,
    [ORDER_STATUS.ACTIVE, ORDER_STATUS.SHIPPED, ORDER_STATUS_CANCELLED.id],
  );

  // The inventory ledger. Sales and cancels follow the orders; a few adjustments and destroys a
  // product a month; each month starts with a replenishment sized to that month's outflow (plus
  // opening stock in the first month), so no balance ever goes below zero.
  await step(
    "stage adjustments and destroys",
    `create temp table g_misc on commit drop as
     select s.product_id, s.m,
            case when s.r < 0.05 then 'destroy' else 'adjust' end as action,
            case when s.r < 0.05 then -(1 + floor(s.r2 * 10)::int)
                 when s.r3 < 0.5 then -(1 + floor(s.r2 * 5)::int) else 1 + floor(s.r2 * 5)::int end as quantity,
            p.bounds[s.m + 1] + (p.bounds[s.m + 2] - p.bounds[s.m + 1]) * (0.05 + 0.9 * s.r3) as created,
            case when s.r < 0.05 then (array['Damaged in storage', 'Outdated edition destroyed'])[1 + floor(s.r2 * 2)::int]
                 else 'Cycle count correction' end as comment
       from (select id as product_id, m, random() as r, random() as r2, random() as r3
               from products cross join generate_series(0, $1::int - 1) m) s
      cross join g_period p
      where s.r < 0.15`,
    [MONTHS],
  );
  // Replenishment at the start of month m: that month's outflow less the previous month's inflow
  // (cancels, upward adjustments), rounded up to 10 packs, plus opening stock in the first month.
  // Then the balance at the start of month m is at least opening + inflow(m − 1), and never falls
  // below the opening stock during the month.
  await step(
    "stage replenishments",
    `create temp table g_replenish on commit drop as
     with flow as (
       select product_id, m, sum(greatest(-q, 0))::int as outflow, sum(greatest(q, 0))::int as inflow from (
         select l.product_id, width_bucket(o.created, p.bounds) - 1 as m, -l.quantity as q
           from g_lines l join g_orders o on o.id = l.order_id cross join g_period p
         union all
         select l.product_id, width_bucket(o.cancel_at, p.bounds) - 1, l.quantity
           from g_lines l join g_orders o on o.id = l.order_id cross join g_period p where l.is_cancelled
         union all
         select product_id, m, quantity from g_misc
       ) x group by product_id, m
     )
     select pr.id as product_id, m.m, q.quantity,
            greatest(1, ceil(q.quantity / 400.0))::int as palettes,
            p.bounds[m.m + 1] as created,
            case when m.m = 0 then 'Opening stock' else 'Monthly replenishment' end as comment
       from products pr
      cross join generate_series(0, $1::int - 1) m(m)
      cross join g_period p
       left join flow cur on cur.product_id = pr.id and cur.m = m.m
       left join flow prev on prev.product_id = pr.id and prev.m = m.m - 1
      cross join lateral (
        select greatest(0, ceil((coalesce(cur.outflow, 0) - coalesce(prev.inflow, 0)) / 10.0) * 10)::int
               + case when m.m = 0 then pr.low_inventory_amount * 4 else 0 end as quantity) q
      where q.quantity > 0`,
    [MONTHS],
  );
  await step(
    "inventory ledger",
    `insert into inventory_transactions (product_id, action, quantity, ending_inventory, palettes, order_id, user_id,
                                         comment, created, updated)
     select product_id, action, quantity,
            sum(quantity) over (partition by product_id order by created, seq, order_id
                                rows between unbounded preceding and current row),
            palettes, order_id, user_id, comment, created, created
       from (
         select product_id, 'replenish' as action, quantity, palettes, null::int as order_id, $1::int as user_id,
                comment, created, 0 as seq
           from g_replenish
         union all
         select l.product_id, 'sale', -l.quantity, null, l.order_id, o.user_id, null, o.created, 1
           from g_lines l join g_orders o on o.id = l.order_id
         union all
         select l.product_id, 'cancel', l.quantity, null, l.order_id, o.user_id, 'Order cancelled', o.cancel_at, 2
           from g_lines l join g_orders o on o.id = l.order_id where l.is_cancelled
         union all
         select product_id, action, quantity, null, null, $1::int, comment, created, 3 from g_misc
       ) x
      order by created, seq, product_id`,
    [ADMIN_ID],
  );
  await step(
    "products.actual_inventory",
    `update products p set actual_inventory = b.ending_inventory
       from (select distinct on (product_id) product_id, ending_inventory
               from inventory_transactions order by product_id, created desc, id desc) b
      where b.product_id = p.id`,
  );
  const { rows: negative } = await client.query<{ n: number }>(
    "select count(*)::int as n from inventory_transactions where ending_inventory < 0",
  );
  if (negative[0]?.n) throw new Error(`${negative[0].n} ledger rows have a negative balance`);

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
  await verifySample();

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
    [ORDER_STATUS_CANCELLED.id],
  );
  console.log("\nRow counts:");
  for (const [k, v] of Object.entries(rows[0] ?? {})) console.log(`  ${k.padEnd(28)} ${v}`);
  console.log(`\nDone in ${seconds(started)} s`);
}

/**
 * Recomputes a sample of orders with the API's own pricing (pricing.ts) and checks the stored
 * amounts, and checks that the ledger's ending_inventory is the running balance of each product.
 */
async function verifySample() {
  const { rows } = await client.query<{
    id: number;
    status: number;
    shipping: number;
    amounts: Record<string, number>;
    lines: {
      quantity: number;
      cancelled: number;
      unit: number;
      total: number;
      pick: number;
      pick_fee: number;
      ranges: PriceRange[];
    }[];
  }>(
    `select o.id, o.order_status_id as status, dm.shipping_cents as shipping,
            json_build_object('total_items_amount', o.total_items_amount, 'pick_fee_amount', o.pick_fee_amount,
              'shipping_amount', o.shipping_amount, 'processing_amount', o.processing_amount,
              'tax_amount', o.tax_amount, 'total_order_amount', o.total_order_amount) as amounts,
            (select json_agg(json_build_object('quantity', l.quantity, 'cancelled', l.cancelled_quantity,
                      'unit', l.unit_price_cents, 'total', l.total_price_cents, 'pick', l.pick_fee_cents,
                      'pick_fee', p.pick_fee_cents,
                      'ranges', (select json_agg(json_build_object('min_quantity', r.min_quantity,
                                   'max_quantity', r.max_quantity, 'price_cents', r.price_cents))
                                   from product_price_ranges r where r.product_id = l.product_id)))
               from order_products l join products p on p.id = l.product_id where l.order_id = o.id) as lines
       from orders o join delivery_methods dm on dm.id = o.delivery_method_id
      where o.id in (select (1 + floor(random() * (select max(id) from orders)))::int from generate_series(1, 400))`,
  );
  const zero = orderAmounts([], 0);
  let bad = 0;
  for (const o of rows) {
    const priced = o.lines.map((l) => ({ l, p: priceLine(l.ranges, l.pick_fee, l.quantity) }));
    const linesOk = priced.every(
      ({ l, p }) => p.unit_price_cents === l.unit && p.total_price_cents === l.total && p.pick_fee_cents === l.pick,
    );
    const kept = priced.filter(({ l }) => l.cancelled === 0).map(({ p }) => p);
    const expected = kept.length ? orderAmounts(kept, o.shipping) : zero;
    const amountsOk = Object.entries(expected).every(([k, v]) => o.amounts[k] === v);
    const cancelOk = (o.status === ORDER_STATUS_CANCELLED.id) === (kept.length === 0);
    if (!linesOk || !amountsOk || !cancelOk) {
      bad++;
      if (bad <= 3) console.error("  mismatch", JSON.stringify({ order: o.id, expected, stored: o.amounts }));
    }
  }
  const { rows: ledger } = await client.query<{ bad: number }>(
    `select count(*)::int as bad from (
       select ending_inventory, sum(quantity) over (partition by product_id order by created, id) as running
         from inventory_transactions) x
      where ending_inventory <> running`,
  );
  const ledgerBad = ledger[0]?.bad ?? 0;
  console.log(
    `  verified ${rows.length} sample orders against pricing.ts: ${bad} mismatches; ledger rows off the running balance: ${ledgerBad}`,
  );
  if (bad || ledgerBad) throw new Error("The generated data is inconsistent (see above).");
}

/** The seed's delivery methods (apps/api/src/db/seed/index.ts). */
const DELIVERY_METHODS = [
  { id: 1, name: "UPS Ground", remarks: "Up to 5 business days", max_business_days: 5, shipping_cents: 1250 },
  { id: 2, name: "UPS 2nd Day Air", remarks: "2 business days", max_business_days: 2, shipping_cents: 2800 },
  { id: 3, name: "UPS Next Day Air", remarks: "Next business day", max_business_days: 1, shipping_cents: 4500 },
  { id: 4, name: "FedEx Ground", remarks: "Up to 5 business days", max_business_days: 5, shipping_cents: 1150 },
  { id: 5, name: "FedEx 2Day", remarks: "2 business days", max_business_days: 2, shipping_cents: 2700 },
  { id: 6, name: "LTL Freight", remarks: "Pallet shipments", max_business_days: 7, shipping_cents: 15000 },
  {
    id: 43,
    name: "Will Call (warehouse pickup)",
    remarks: "Internal use only",
    max_business_days: 0,
    shipping_cents: 0,
  },
];

/** Base pack price by kind, in cents, as the seed prices them. */
const BASE_PRICE: Record<string, number> = {
  Brochure: 3900,
  "Client Handout": 2900,
  Kit: 8900,
  Poster: 2400,
  "Reminder Card": 3400,
  Booklet: 5900,
  Display: 12900,
};

const CITIES: [string, string, number][] = [
  ["Portland", "OR", 97201],
  ["Seattle", "WA", 98101],
  ["Sacramento", "CA", 95814],
  ["San Diego", "CA", 92101],
  ["Phoenix", "AZ", 85001],
  ["Denver", "CO", 80202],
  ["Austin", "TX", 78701],
  ["Dallas", "TX", 75201],
  ["Chicago", "IL", 60601],
  ["Minneapolis", "MN", 55401],
  ["Columbus", "OH", 43215],
  ["Nashville", "TN", 37203],
  ["Atlanta", "GA", 30303],
  ["Miami", "FL", 33130],
  ["Boston", "MA", 2108],
  ["Philadelphia", "PA", 19103],
  ["Albany", "NY", 12207],
  ["Raleigh", "NC", 27601],
  ["Salt Lake City", "UT", 84101],
  ["Boise", "ID", 83702],
];

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
