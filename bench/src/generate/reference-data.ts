import { ALL_ORDER_STATUSES, USER_LEVEL, USER_LEVELS } from "@vetportal/contract";
import { DEMO_CATEGORIES } from "../../../apps/api/src/db/seed/demo-catalog.ts";
import { DEMO_COST_CENTERS, DEMO_DEPARTMENTS } from "../../../apps/api/src/db/seed/demo-people.ts";
import { DEMO_ADMIN } from "../../../apps/api/src/db/seed/index.ts";
import type { Loader } from "./loader.ts";

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

/** The period, and the customer's reference rows where an older commit's migrations do not write them. */
export async function fillCustomer(loader: Loader) {
  const { step } = loader;
  const { CUSTOMER_ID, MONTHS } = loader.sizes;
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
    [JSON.stringify(ALL_ORDER_STATUSES)],
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
}

/** Departments with their cc emails, cost centers, and the catalogue's categories. */
export async function fillDepartments(loader: Loader) {
  const { step } = loader;
  const { CUSTOMER_ID } = loader.sizes;
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
}

/** The administrator and the practices, each with its delivery address. */
export async function fillPeople(loader: Loader, adminHash: string) {
  const { step } = loader;
  const { CUSTOMER_ID, ADMIN_ID, PRACTICES } = loader.sizes;
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
}

/** Products: the demo catalogue's names (numbered editions beyond it), with their price ranges. */
export async function fillProducts(loader: Loader) {
  const { step } = loader;
  const { CUSTOMER_ID, PRODUCT_ID_BASE, PRODUCTS } = loader.sizes;
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
}
