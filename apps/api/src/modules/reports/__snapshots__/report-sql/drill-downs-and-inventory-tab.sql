-- product drill-down: page
select l.id as order_product_id, l.order_id, to_char(l.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      st.name as order_status_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, d.name as department_name,
      l.qty::int as quantity, l.cancelled_quantity, l.unit_price_cents as unit_price, l.price::float8 as total_price
    from (select op.id, op.order_id, op.product_id, op.product_name, op.quantity, op.cancelled_quantity,
      op.unit_price_cents, op.tracking_number as line_tracking,
      (op.quantity - op.cancelled_quantity) as qty,
      op.unit_price_cents * (op.quantity - op.cancelled_quantity) as price,
      (op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) as pick,
      (case when o.total_items_amount > 0
    then ((o.shipping_amount)::int8 * (op.unit_price_cents) * (op.quantity - op.cancelled_quantity) * 2 + (o.total_items_amount)) / (2 * (o.total_items_amount))
    else 0 end)::int4 as ship,
      (case when o.total_items_amount + o.pick_fee_amount > 0
    then ((o.tax_amount)::int8 * (op.unit_price_cents + op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) * 2 + (o.total_items_amount + o.pick_fee_amount)) / (2 * (o.total_items_amount + o.pick_fee_amount))
    else 0 end)::int4 as tax,
      o.created, o.user_id, o.department_id, coalesce(op.date_shipped, o.date_shipped) as date_shipped, o.order_status_id,
      o.ship_name, o.ship_line1, o.ship_city, o.ship_state, o.ship_zip_code, o.tracking_number
    from (select 0 lo, 2147483647 hi) r
    join order_products op on op.order_id between r.lo and r.hi
    join orders o on o.id = op.order_id
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy and op.product_id = 7 order by o.created desc, op.id desc
          limit 25 offset 50) l
    join users u on u.id = l.user_id
    join order_statuses st on st.id = l.order_status_id
    left join departments d on d.id = l.department_id
    order by l.created desc, l.id desc;

-- product drill-down: totals
select count(*)::int as found_rows, coalesce(sum(l.qty), 0)::int as quantity,
      coalesce(sum(l.price), 0)::float8 as total_price from (select op.id, op.order_id, op.product_id, op.product_name, op.quantity, op.cancelled_quantity,
      op.unit_price_cents, op.tracking_number as line_tracking,
      (op.quantity - op.cancelled_quantity) as qty,
      op.unit_price_cents * (op.quantity - op.cancelled_quantity) as price,
      (op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) as pick,
      (case when o.total_items_amount > 0
    then ((o.shipping_amount)::int8 * (op.unit_price_cents) * (op.quantity - op.cancelled_quantity) * 2 + (o.total_items_amount)) / (2 * (o.total_items_amount))
    else 0 end)::int4 as ship,
      (case when o.total_items_amount + o.pick_fee_amount > 0
    then ((o.tax_amount)::int8 * (op.unit_price_cents + op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) * 2 + (o.total_items_amount + o.pick_fee_amount)) / (2 * (o.total_items_amount + o.pick_fee_amount))
    else 0 end)::int4 as tax,
      o.created, o.user_id, o.department_id, coalesce(op.date_shipped, o.date_shipped) as date_shipped, o.order_status_id,
      o.ship_name, o.ship_line1, o.ship_city, o.ship_state, o.ship_zip_code, o.tracking_number
    from (select min(o.id) lo, max(o.id) hi from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy) r
    join order_products op on op.order_id between r.lo and r.hi
    join orders o on o.id = op.order_id
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy and op.product_id = 7) l;

-- inventory drill-down: page
select t.id, t.action, t.quantity, t.ending_inventory, t.palettes, t.order_id, t.comment,
      to_char(t.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as date
    from inventory_transactions t where t.product_id = 7 and t.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')
    order by t.created desc, t.id desc limit 25 offset 50;

-- inventory drill-down: totals
select count(*)::int as found_rows from inventory_transactions t where t.product_id = 7 and t.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles');

-- inventory tab: page
select i.product_id, i.category_name, i.product_name, i.customer_sku, i.quantity, i.palettes, i.is_active,
      to_char(i.last_fill at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_fill_date, to_char(i.last_sold at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_sold_date,
      i.unit_price, i.value, i.low_inventory_amount
    from (select p.id as product_id, c.name as category_name, p.name as product_name, p.customer_sku,
      coalesce(b.ending_inventory, 0) as quantity, fl.palettes, p.is_active,
      fl.created as last_fill, so.created as last_sold,
      coalesce(pr.price_cents, 0) as unit_price,
      (coalesce(b.ending_inventory, 0)::float8 * coalesce(pr.price_cents, 0)) as value,
      p.low_inventory_amount
    from products p
    join product_categories c on c.id = p.product_category_id
    left join lateral (select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by t.created desc, t.id desc limit 1) b on true
    left join lateral (select t.palettes, t.created from inventory_transactions t
      where t.product_id = p.id and t.action = 'replenish' and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by t.created desc, t.id desc limit 1) fl on true
    left join lateral (select t.created from inventory_transactions t
      where t.product_id = p.id and t.action = 'sale' and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by t.created desc, t.id desc limit 1) so on true
    left join lateral (select r.price_cents from product_price_ranges r
      where r.product_id = p.id order by r.min_quantity limit 1) pr on true
    where p.customer_id = 1850 and p.is_in_inventory and p.is_active and p.product_category_id in (2, 3)) i
    order by category_name, product_name, product_id limit 25 offset 50;

-- inventory tab: months
select t.product_id, to_char(t.created at time zone 'America/Los_Angeles', 'YYYY-MM') as month,
      coalesce(sum(t.quantity) filter (where t.action = 'replenish'), 0)::int as fill,
      coalesce(-sum(t.quantity) filter (where t.action = 'sale'), 0)::int as sales
    from inventory_transactions t
    where t.product_id in (7, 8)
      and t.created >= ((date_trunc('month', '2026-01-31'::date) - interval '11 months')::timestamp at time zone 'America/Los_Angeles') and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')
    group by 1, 2;

-- inventory tab: CSV
select i.product_id as "Product ID", (case when left(i.category_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || i.category_name else i.category_name end) as "Category", (case when left(i.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || i.product_name else i.product_name end) as "Product", (case when left(i.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || i.customer_sku else i.customer_sku end) as "SKU", i.quantity as "Quantity", i.palettes as "Pallets", case when i.is_active then 'Yes' else 'No' end as "Active", to_char((i.last_fill) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Last Fill Date", to_char((i.last_sold) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Last Sold Date", to_char((i.unit_price)::numeric / 100, 'FM999999999990.00') as "Unit Price", to_char((i.value)::numeric / 100, 'FM999999999990.00') as "Value", i.low_inventory_amount as "Low Inventory Amount" from (select p.id as product_id, c.name as category_name, p.name as product_name, p.customer_sku,
      coalesce(b.ending_inventory, 0) as quantity, fl.palettes, p.is_active,
      fl.created as last_fill, so.created as last_sold,
      coalesce(pr.price_cents, 0) as unit_price,
      (coalesce(b.ending_inventory, 0)::float8 * coalesce(pr.price_cents, 0)) as value,
      p.low_inventory_amount
    from products p
    join product_categories c on c.id = p.product_category_id
    left join lateral (select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by t.created desc, t.id desc limit 1) b on true
    left join lateral (select t.palettes, t.created from inventory_transactions t
      where t.product_id = p.id and t.action = 'replenish' and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by t.created desc, t.id desc limit 1) fl on true
    left join lateral (select t.created from inventory_transactions t
      where t.product_id = p.id and t.action = 'sale' and t.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by t.created desc, t.id desc limit 1) so on true
    left join lateral (select r.price_cents from product_price_ranges r
      where r.product_id = p.id order by r.min_quantity limit 1) pr on true
    where p.customer_id = 1850 and p.is_in_inventory and p.is_active and p.product_category_id in (2, 3)) i order by category_name, product_name, product_id;
