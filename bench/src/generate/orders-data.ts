import { ORDER_STATUS, PROCESSING_FEE_CENTS, TAX_RATE_BPS } from "@vetportal/contract";
import type { Loader } from "./loader.ts";

/** Orders, staged with every random choice first. */
export async function stageOrders(loader: Loader) {
  const { step } = loader;
  const { ADMIN_ID, ORDERS, PRACTICES, PRODUCTS } = loader.sizes;
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
    [ORDERS, PRACTICES, ORDER_STATUS.CANCELLED, ORDER_STATUS.ACTIVE, ORDER_STATUS.SHIPPED, ADMIN_ID, PRODUCTS],
  );
  await loader.client.query("alter table g_orders add primary key (id)");
}

/** Order lines, what each order invoices, and each department's cost centers. */
export async function stageLines(loader: Loader) {
  const { step } = loader;
  const { PRODUCT_ID_BASE, PRODUCTS } = loader.sizes;
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
  await loader.client.query("alter table g_amounts add primary key (order_id)");
  await step(
    "stage department cost centers",
    `create temp table g_dept_cc on commit drop as
     select department_id, array_agg(cost_center_id order by cost_center_id) as ccs
       from cost_center_departments group by department_id`,
  );
}

/** The orders from the staged tables. */
export async function insertOrders(loader: Loader) {
  const { step } = loader;
  const { CUSTOMER_ID } = loader.sizes;
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
}

/** Their lines and status history. */
export async function insertLinesAndHistory(loader: Loader) {
  const { step } = loader;
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
    [ORDER_STATUS.ACTIVE, ORDER_STATUS.SHIPPED, ORDER_STATUS.CANCELLED],
  );
}

/** The inventory ledger's staged adjustments, destroys and replenishments. */
export async function stageLedger(loader: Loader) {
  const { step } = loader;
  const { MONTHS } = loader.sizes;
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
}

/** The inventory ledger and each product's balance; no balance may be negative. */
export async function insertLedger(loader: Loader) {
  const { step } = loader;
  const { ADMIN_ID } = loader.sizes;
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
  const { rows: negative } = await loader.client.query<{ n: number }>(
    "select count(*)::int as n from inventory_transactions where ending_inventory < 0",
  );
  if (negative[0]?.n) throw new Error(`${negative[0].n} ledger rows have a negative balance`);
}
