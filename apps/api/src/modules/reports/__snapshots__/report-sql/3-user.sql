-- default: page
with g as materialized (select s.user_id, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, u.first_name, u.last_name, d.name as department_name, s.orders::int as orders, s.total_price::float8 as total_price, s.pick_fee::float8 as pick_fee, s.shipping_cost::float8 as shipping_cost, s.tax_amount::float8 as tax_amount, s.processing_amount::float8 as processing_amount, s.subtotal::float8 as subtotal from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id),
    t as (select count(*)::int as found_rows, coalesce(sum(orders), 0)::float8 as sum__orders, coalesce(sum(total_price), 0)::float8 as sum__total_price, coalesce(sum(pick_fee), 0)::float8 as sum__pick_fee, coalesce(sum(shipping_cost), 0)::float8 as sum__shipping_cost, coalesce(sum(tax_amount), 0)::float8 as sum__tax_amount, coalesce(sum(processing_amount), 0)::float8 as sum__processing_amount, coalesce(sum(subtotal), 0)::float8 as sum__subtotal from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by user_name, user_id limit 25 offset 50) pg on true
    order by pg.user_name, pg.user_id;

-- default: CSV
select (case when left(g.user_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.user_name else g.user_name end) as "User", (case when left(g.department_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.department_name else g.department_name end) as "Department", g.orders as "Orders", to_char((g.total_price)::numeric / 100, 'FM999999999990.00') as "Total Price", to_char((g.pick_fee)::numeric / 100, 'FM999999999990.00') as "Pick Fees", to_char((g.shipping_cost)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((g.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((g.processing_amount)::numeric / 100, 'FM999999999990.00') as "Processing", to_char((g.subtotal)::numeric / 100, 'FM999999999990.00') as "Subtotal" from (select s.user_id, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, u.first_name, u.last_name, d.name as department_name, s.orders::int as orders, s.total_price::float8 as total_price, s.pick_fee::float8 as pick_fee, s.shipping_cost::float8 as shipping_cost, s.tax_amount::float8 as tax_amount, s.processing_amount::float8 as processing_amount, s.subtotal::float8 as subtotal from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id) g order by g.user_name, g.user_id;

-- keyword 'Dental': page
with g as materialized (select s.user_id, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, u.first_name, u.last_name, d.name as department_name, s.orders::int as orders, s.total_price::float8 as total_price, s.pick_fee::float8 as pick_fee, s.shipping_cost::float8 as shipping_cost, s.tax_amount::float8 as tax_amount, s.processing_amount::float8 as processing_amount, s.subtotal::float8 as subtotal from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and (o.po_number ilike '%Dental%' or o.ship_name ilike '%Dental%' or o.contact_name ilike '%Dental%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%Dental%')) group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id),
    t as (select count(*)::int as found_rows, coalesce(sum(orders), 0)::float8 as sum__orders, coalesce(sum(total_price), 0)::float8 as sum__total_price, coalesce(sum(pick_fee), 0)::float8 as sum__pick_fee, coalesce(sum(shipping_cost), 0)::float8 as sum__shipping_cost, coalesce(sum(tax_amount), 0)::float8 as sum__tax_amount, coalesce(sum(processing_amount), 0)::float8 as sum__processing_amount, coalesce(sum(subtotal), 0)::float8 as sum__subtotal from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by user_name, user_id limit 25 offset 50) pg on true
    order by pg.user_name, pg.user_id;

-- keyword 'Dental': CSV
select (case when left(g.user_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.user_name else g.user_name end) as "User", (case when left(g.department_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.department_name else g.department_name end) as "Department", g.orders as "Orders", to_char((g.total_price)::numeric / 100, 'FM999999999990.00') as "Total Price", to_char((g.pick_fee)::numeric / 100, 'FM999999999990.00') as "Pick Fees", to_char((g.shipping_cost)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((g.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((g.processing_amount)::numeric / 100, 'FM999999999990.00') as "Processing", to_char((g.subtotal)::numeric / 100, 'FM999999999990.00') as "Subtotal" from (select s.user_id, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, u.first_name, u.last_name, d.name as department_name, s.orders::int as orders, s.total_price::float8 as total_price, s.pick_fee::float8 as pick_fee, s.shipping_cost::float8 as shipping_cost, s.tax_amount::float8 as tax_amount, s.processing_amount::float8 as processing_amount, s.subtotal::float8 as subtotal from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and (o.po_number ilike '%Dental%' or o.ship_name ilike '%Dental%' or o.contact_name ilike '%Dental%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%Dental%')) group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id) g order by g.user_name, g.user_id;

-- every filter and optional column, dated by shipping: page
with g as materialized (select s.user_id, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, u.first_name, u.last_name, d.name as department_name, s.orders::int as orders, s.total_price::float8 as total_price, s.pick_fee::float8 as pick_fee, s.shipping_cost::float8 as shipping_cost, s.tax_amount::float8 as tax_amount, s.processing_amount::float8 as processing_amount, s.subtotal::float8 as subtotal, d.department_code as "department_code", u.email as "email", u.phone as "phone", u.title as "title" from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where o.customer_id = 1850 and o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.date_shipped < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and (o.id = 1234 or o.po_number ilike '%1234%' or o.ship_name ilike '%1234%' or o.contact_name ilike '%1234%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%1234%')) group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id),
    t as (select count(*)::int as found_rows, coalesce(sum(orders), 0)::float8 as sum__orders, coalesce(sum(total_price), 0)::float8 as sum__total_price, coalesce(sum(pick_fee), 0)::float8 as sum__pick_fee, coalesce(sum(shipping_cost), 0)::float8 as sum__shipping_cost, coalesce(sum(tax_amount), 0)::float8 as sum__tax_amount, coalesce(sum(processing_amount), 0)::float8 as sum__processing_amount, coalesce(sum(subtotal), 0)::float8 as sum__subtotal from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by user_name, user_id limit 25 offset 50) pg on true
    order by pg.user_name, pg.user_id;

-- every filter and optional column, dated by shipping: CSV
select (case when left(g.user_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.user_name else g.user_name end) as "User", (case when left(g.department_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.department_name else g.department_name end) as "Department", g.orders as "Orders", to_char((g.total_price)::numeric / 100, 'FM999999999990.00') as "Total Price", to_char((g.pick_fee)::numeric / 100, 'FM999999999990.00') as "Pick Fees", to_char((g.shipping_cost)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((g.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((g.processing_amount)::numeric / 100, 'FM999999999990.00') as "Processing", to_char((g.subtotal)::numeric / 100, 'FM999999999990.00') as "Subtotal", (case when left(g.department_code, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.department_code else g.department_code end) as "Department Code", (case when left(g.email, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.email else g.email end) as "Email", (case when left(g.phone, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.phone else g.phone end) as "Phone", (case when left(g.title, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.title else g.title end) as "Title" from (select s.user_id, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, u.first_name, u.last_name, d.name as department_name, s.orders::int as orders, s.total_price::float8 as total_price, s.pick_fee::float8 as pick_fee, s.shipping_cost::float8 as shipping_cost, s.tax_amount::float8 as tax_amount, s.processing_amount::float8 as processing_amount, s.subtotal::float8 as subtotal, d.department_code as "department_code", u.email as "email", u.phone as "phone", u.title as "title" from (select o.user_id, count(*)::int as orders, sum(o.total_items_amount)::float8 as total_price,
            sum(o.pick_fee_amount)::float8 as pick_fee, sum(o.shipping_amount)::float8 as shipping_cost,
            sum(o.tax_amount)::float8 as tax_amount, sum(o.processing_amount)::float8 as processing_amount,
            sum(o.total_order_amount)::float8 as subtotal
          from orders o where o.customer_id = 1850 and o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.date_shipped < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and (o.id = 1234 or o.po_number ilike '%1234%' or o.ship_name ilike '%1234%' or o.contact_name ilike '%1234%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%1234%')) group by o.user_id) s
    join users u on u.id = s.user_id
    left join departments d on d.id = u.department_id) g order by g.user_name, g.user_id;
