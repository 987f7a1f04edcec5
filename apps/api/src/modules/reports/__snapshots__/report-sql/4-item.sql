-- default: page
select o.order_id, o.id as order_product_id, to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created, d.name as department_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, o.product_id, o.product_name, o.qty::int as quantity, o.price::float8 as total_price
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
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy order by o.created desc, op.id desc
          limit 25 offset 50) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc;

-- default: totals
select coalesce(sum(r.lines), 0)::int as found_rows, coalesce(sum(r.quantity), 0)::int as quantity, coalesce(sum(r.total_price), 0)::float8 as total_price from report_product_days r where r.customer_id = 1850 and r.day between '2026-01-01' and '2026-01-31';

-- default: CSV
select o.order_id as "Order ID", o.id as "Line ID", to_char((o.created) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Created (PT)", (case when left(d.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.name else d.name end) as "Department", (case when left(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') end) as "User", (case when left(o.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || o.product_name else o.product_name end) as "Product", o.qty as "Quantity", to_char((o.price)::numeric / 100, 'FM999999999990.00') as "Total Price"
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
    from orders o
    cross join lateral (select * from order_products op
      where op.order_id = o.id and op.quantity > op.cancelled_quantity offset 0) op
    where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc;

-- keyword 'Dental': page
select o.order_id, o.id as order_product_id, to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created, d.name as department_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, o.product_id, o.product_name, o.qty::int as quantity, o.price::float8 as total_price
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
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')) order by o.created desc, op.id desc
          limit 25 offset 50) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc;

-- keyword 'Dental': totals
select coalesce(sum(r.lines), 0)::int as found_rows, coalesce(sum(r.quantity), 0)::int as quantity, coalesce(sum(r.total_price), 0)::float8 as total_price from report_product_days r where r.customer_id = 1850 and r.day between '2026-01-01' and '2026-01-31' and r.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%'));

-- keyword 'Dental': CSV
select o.order_id as "Order ID", o.id as "Line ID", to_char((o.created) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Created (PT)", (case when left(d.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.name else d.name end) as "Department", (case when left(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') end) as "User", (case when left(o.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || o.product_name else o.product_name end) as "Product", o.qty as "Quantity", to_char((o.price)::numeric / 100, 'FM999999999990.00') as "Total Price"
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
    from orders o
    cross join lateral (select * from order_products op
      where op.order_id = o.id and op.quantity > op.cancelled_quantity and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')) offset 0) op
    where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and not o.is_destroy) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc;

-- every filter and optional column, dated by shipping: page
select o.order_id, o.id as order_product_id, to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created, d.name as department_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name, o.product_id, o.product_name, o.qty::int as quantity, o.price::float8 as total_price, d.department_code as "department_code", to_char(o.date_shipped at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "date_shipped", concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), '')) as "ship_to", coalesce(o.line_tracking, o.tracking_number) as "tracking_number"
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
    where op.quantity > op.cancelled_quantity and o.customer_id = 1850 and (o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') or (o.date_shipped is null and o.order_status_id <> 2)) and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')) and coalesce(op.date_shipped, o.date_shipped) >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and coalesce(op.date_shipped, o.date_shipped) < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by o.created desc, op.id desc
          limit 25 offset 50) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc;

-- every filter and optional column, dated by shipping: totals
select count(*)::int as found_rows, coalesce(sum(o.qty), 0)::int as quantity, coalesce(sum(o.price), 0)::float8 as total_price from (select op.id, op.order_id, op.product_id, op.product_name, op.quantity, op.cancelled_quantity,
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
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')) and coalesce(op.date_shipped, o.date_shipped) >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and coalesce(op.date_shipped, o.date_shipped) < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')) o;

-- every filter and optional column, dated by shipping: CSV
select o.order_id as "Order ID", o.id as "Line ID", to_char((o.created) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Created (PT)", (case when left(d.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.name else d.name end) as "Department", (case when left(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') end) as "User", (case when left(o.product_name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || o.product_name else o.product_name end) as "Product", o.qty as "Quantity", to_char((o.price)::numeric / 100, 'FM999999999990.00') as "Total Price", (case when left(d.department_code, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.department_code else d.department_code end) as "Department Code", to_char((o.date_shipped) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Date Shipped", (case when left(concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), '')), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), '')) else concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), '')) end) as "Ship To", (case when left(coalesce(o.line_tracking, o.tracking_number), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(o.line_tracking, o.tracking_number) else coalesce(o.line_tracking, o.tracking_number) end) as "Tracking Number"
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
    from orders o
    cross join lateral (select * from order_products op
      where op.order_id = o.id and op.quantity > op.cancelled_quantity and op.product_id in (select p.id from products p where p.customer_id = 1850 and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')) offset 0) op
    where o.customer_id = 1850 and (o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') or (o.date_shipped is null and o.order_status_id <> 2)) and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and not o.is_destroy and coalesce(op.date_shipped, o.date_shipped) >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and coalesce(op.date_shipped, o.date_shipped) < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')) o
    join users u on u.id = o.user_id
    left join departments d on d.id = o.department_id
    order by o.created desc, o.id desc;
