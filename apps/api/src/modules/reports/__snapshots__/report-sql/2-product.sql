-- default: page
with g as materialized (select s.product_id, p.name as product_name, p.customer_sku, s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost, s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal from (select r.product_id, sum(r.quantity) as qty, sum(r.total_price) as price, sum(r.shipping_cost) as ship,
        sum(r.tax_amount) as tax, sum(r.pick_fee) as pick
      from report_product_days r where r.customer_id = 1850 and r.day between '2026-01-01' and '2026-01-31' group by r.product_id) s join products p on p.id = s.product_id),
    t as (select count(*)::int as found_rows, coalesce(sum(quantity), 0)::float8 as sum__quantity, coalesce(sum(total_price), 0)::float8 as sum__total_price, coalesce(sum(shipping_cost), 0)::float8 as sum__shipping_cost, coalesce(sum(tax_amount), 0)::float8 as sum__tax_amount, coalesce(sum(pick_fee), 0)::float8 as sum__pick_fee, coalesce(sum(subtotal), 0)::float8 as sum__subtotal from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by product_name, product_id limit 25 offset 50) pg on true
    order by pg.product_name, pg.product_id;

-- default: CSV
select g.product_id as "Product ID", (case when left(g.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.product_name else g.product_name end) as "Product", (case when left(g.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.customer_sku else g.customer_sku end) as "SKU", g.quantity as "Quantity", to_char((g.total_price)::numeric / 100, 'FM999999999990.00') as "Total Price", to_char((g.shipping_cost)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((g.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((g.pick_fee)::numeric / 100, 'FM999999999990.00') as "Pick Fee", to_char((g.subtotal)::numeric / 100, 'FM999999999990.00') as "Subtotal" from (select s.product_id, p.name as product_name, p.customer_sku, s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost, s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal from (select r.product_id, sum(r.quantity) as qty, sum(r.total_price) as price, sum(r.shipping_cost) as ship,
        sum(r.tax_amount) as tax, sum(r.pick_fee) as pick
      from report_product_days r where r.customer_id = 1850 and r.day between '2026-01-01' and '2026-01-31' group by r.product_id) s join products p on p.id = s.product_id) g order by g.product_name, g.product_id;

-- keyword 'Dental': page
with g as materialized (select s.product_id, p.name as product_name, p.customer_sku, s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost, s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal from (select r.product_id, sum(r.quantity) as qty, sum(r.total_price) as price, sum(r.shipping_cost) as ship,
        sum(r.tax_amount) as tax, sum(r.pick_fee) as pick
      from report_product_days r where r.customer_id = 1850 and r.day between '2026-01-01' and '2026-01-31' and r.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')) group by r.product_id) s join products p on p.id = s.product_id),
    t as (select count(*)::int as found_rows, coalesce(sum(quantity), 0)::float8 as sum__quantity, coalesce(sum(total_price), 0)::float8 as sum__total_price, coalesce(sum(shipping_cost), 0)::float8 as sum__shipping_cost, coalesce(sum(tax_amount), 0)::float8 as sum__tax_amount, coalesce(sum(pick_fee), 0)::float8 as sum__pick_fee, coalesce(sum(subtotal), 0)::float8 as sum__subtotal from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by product_name, product_id limit 25 offset 50) pg on true
    order by pg.product_name, pg.product_id;

-- keyword 'Dental': CSV
select g.product_id as "Product ID", (case when left(g.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.product_name else g.product_name end) as "Product", (case when left(g.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.customer_sku else g.customer_sku end) as "SKU", g.quantity as "Quantity", to_char((g.total_price)::numeric / 100, 'FM999999999990.00') as "Total Price", to_char((g.shipping_cost)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((g.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((g.pick_fee)::numeric / 100, 'FM999999999990.00') as "Pick Fee", to_char((g.subtotal)::numeric / 100, 'FM999999999990.00') as "Subtotal" from (select s.product_id, p.name as product_name, p.customer_sku, s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost, s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal from (select r.product_id, sum(r.quantity) as qty, sum(r.total_price) as price, sum(r.shipping_cost) as ship,
        sum(r.tax_amount) as tax, sum(r.pick_fee) as pick
      from report_product_days r where r.customer_id = 1850 and r.day between '2026-01-01' and '2026-01-31' and r.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')) group by r.product_id) s join products p on p.id = s.product_id) g order by g.product_name, g.product_id;

-- every filter and optional column, dated by shipping: page
with g as materialized (select s.product_id, p.name as product_name, p.customer_sku, s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost, s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal from (select l.product_id, sum(l.qty) as qty, sum(l.price) as price, sum(l.ship) as ship,
        sum(l.tax) as tax, sum(l.pick) as pick
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
    from (select min(o.id) lo, max(o.id) hi from orders o where o.customer_id = 1850 and (o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') or (o.date_shipped is null and o.order_status_id <> 2)) and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy) r
    join order_products op on op.order_id between r.lo and r.hi
    join orders o on o.id = op.order_id
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and (o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') or (o.date_shipped is null and o.order_status_id <> 2)) and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')) and coalesce(op.date_shipped, o.date_shipped) >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and coalesce(op.date_shipped, o.date_shipped) < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')) l group by l.product_id) s join products p on p.id = s.product_id),
    t as (select count(*)::int as found_rows, coalesce(sum(quantity), 0)::float8 as sum__quantity, coalesce(sum(total_price), 0)::float8 as sum__total_price, coalesce(sum(shipping_cost), 0)::float8 as sum__shipping_cost, coalesce(sum(tax_amount), 0)::float8 as sum__tax_amount, coalesce(sum(pick_fee), 0)::float8 as sum__pick_fee, coalesce(sum(subtotal), 0)::float8 as sum__subtotal from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by product_name, product_id limit 25 offset 50) pg on true
    order by pg.product_name, pg.product_id;

-- every filter and optional column, dated by shipping: CSV
select g.product_id as "Product ID", (case when left(g.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.product_name else g.product_name end) as "Product", (case when left(g.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.customer_sku else g.customer_sku end) as "SKU", g.quantity as "Quantity", to_char((g.total_price)::numeric / 100, 'FM999999999990.00') as "Total Price", to_char((g.shipping_cost)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((g.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((g.pick_fee)::numeric / 100, 'FM999999999990.00') as "Pick Fee", to_char((g.subtotal)::numeric / 100, 'FM999999999990.00') as "Subtotal" from (select s.product_id, p.name as product_name, p.customer_sku, s.qty::int as quantity, s.price::float8 as total_price, s.ship::float8 as shipping_cost, s.tax::float8 as tax_amount, s.pick::float8 as pick_fee, (s.price + s.ship + s.tax + s.pick)::float8 as subtotal from (select l.product_id, sum(l.qty) as qty, sum(l.price) as price, sum(l.ship) as ship,
        sum(l.tax) as tax, sum(l.pick) as pick
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
    from (select min(o.id) lo, max(o.id) hi from orders o where o.customer_id = 1850 and (o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') or (o.date_shipped is null and o.order_status_id <> 2)) and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy) r
    join order_products op on op.order_id between r.lo and r.hi
    join orders o on o.id = op.order_id
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and (o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') or (o.date_shipped is null and o.order_status_id <> 2)) and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')) and coalesce(op.date_shipped, o.date_shipped) >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and coalesce(op.date_shipped, o.date_shipped) < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')) l group by l.product_id) s join products p on p.id = s.product_id) g order by g.product_name, g.product_id;
