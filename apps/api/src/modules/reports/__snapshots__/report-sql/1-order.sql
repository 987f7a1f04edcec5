-- default: page
select o.id, o.order_status_id as order_status, st.name as order_status_name,
      to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') as customer_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name,
      d.name as department_name, cc.name as cost_center_name, o.po_number,
      o.total_items_amount, o.pick_fee_amount, o.tax_amount, o.shipping_amount, o.processing_amount, o.total_order_amount
      
    from (select * from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') order by o.created desc, o.id desc
          limit 25 offset 50) o
    join users u on u.id = o.user_id
    join order_statuses st on st.id = o.order_status_id
    left join departments d on d.id = o.department_id
    left join cost_centers cc on cc.id = o.cost_center_id
    order by o.created desc, o.id desc;

-- default: totals
select count(*)::int as found_rows, count(*)::int as orders,
      coalesce(sum(total_items_amount), 0)::float8 as total_items_amount, coalesce(sum(pick_fee_amount), 0)::float8 as pick_fee_amount, coalesce(sum(tax_amount), 0)::float8 as tax_amount,
      coalesce(sum(shipping_amount), 0)::float8 as shipping_amount, coalesce(sum(processing_amount), 0)::float8 as processing_amount, coalesce(sum(total_order_amount), 0)::float8 as total_order_amount
    from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles');

-- default: CSV
select o.id as "Order ID", st.name as "Status", to_char((o.created) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Created (PT)", (case when left(coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') else coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') end) as "Practice", (case when left(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') end) as "User", (case when left(d.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.name else d.name end) as "Department", (case when left(cc.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || cc.name else cc.name end) as "Cost Center", (case when left(o.po_number, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || o.po_number else o.po_number end) as "PO Number", to_char((o.total_items_amount)::numeric / 100, 'FM999999999990.00') as "Items", to_char((o.pick_fee_amount)::numeric / 100, 'FM999999999990.00') as "Pick Fees", to_char((o.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((o.shipping_amount)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((o.processing_amount)::numeric / 100, 'FM999999999990.00') as "Processing", to_char((o.total_order_amount)::numeric / 100, 'FM999999999990.00') as "Total"
      from orders o
      join users u on u.id = o.user_id
      join order_statuses st on st.id = o.order_status_id
      left join departments d on d.id = o.department_id
      left join cost_centers cc on cc.id = o.cost_center_id
      where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles')
      order by o.created desc, o.id desc;

-- keyword 'Dental': page
select o.id, o.order_status_id as order_status, st.name as order_status_name,
      to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') as customer_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name,
      d.name as department_name, cc.name as cost_center_name, o.po_number,
      o.total_items_amount, o.pick_fee_amount, o.tax_amount, o.shipping_amount, o.processing_amount, o.total_order_amount
      
    from (select * from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and (o.po_number ilike '%Dental%' or o.ship_name ilike '%Dental%' or o.contact_name ilike '%Dental%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%Dental%')) order by o.created desc, o.id desc
          limit 25 offset 50) o
    join users u on u.id = o.user_id
    join order_statuses st on st.id = o.order_status_id
    left join departments d on d.id = o.department_id
    left join cost_centers cc on cc.id = o.cost_center_id
    order by o.created desc, o.id desc;

-- keyword 'Dental': totals
select count(*)::int as found_rows, count(*)::int as orders,
      coalesce(sum(total_items_amount), 0)::float8 as total_items_amount, coalesce(sum(pick_fee_amount), 0)::float8 as pick_fee_amount, coalesce(sum(tax_amount), 0)::float8 as tax_amount,
      coalesce(sum(shipping_amount), 0)::float8 as shipping_amount, coalesce(sum(processing_amount), 0)::float8 as processing_amount, coalesce(sum(total_order_amount), 0)::float8 as total_order_amount
    from orders o where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and (o.po_number ilike '%Dental%' or o.ship_name ilike '%Dental%' or o.contact_name ilike '%Dental%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%Dental%'));

-- keyword 'Dental': CSV
select o.id as "Order ID", st.name as "Status", to_char((o.created) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Created (PT)", (case when left(coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') else coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') end) as "Practice", (case when left(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') end) as "User", (case when left(d.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.name else d.name end) as "Department", (case when left(cc.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || cc.name else cc.name end) as "Cost Center", (case when left(o.po_number, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || o.po_number else o.po_number end) as "PO Number", to_char((o.total_items_amount)::numeric / 100, 'FM999999999990.00') as "Items", to_char((o.pick_fee_amount)::numeric / 100, 'FM999999999990.00') as "Pick Fees", to_char((o.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((o.shipping_amount)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((o.processing_amount)::numeric / 100, 'FM999999999990.00') as "Processing", to_char((o.total_order_amount)::numeric / 100, 'FM999999999990.00') as "Total"
      from orders o
      join users u on u.id = o.user_id
      join order_statuses st on st.id = o.order_status_id
      left join departments d on d.id = o.department_id
      left join cost_centers cc on cc.id = o.cost_center_id
      where o.customer_id = 1850 and o.created >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.created < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and (o.po_number ilike '%Dental%' or o.ship_name ilike '%Dental%' or o.contact_name ilike '%Dental%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%Dental%'))
      order by o.created desc, o.id desc;

-- every filter and optional column, dated by shipping: page
select o.id, o.order_status_id as order_status, st.name as order_status_name,
      to_char(o.created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
      coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') as customer_name, coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') as user_name,
      d.name as department_name, cc.name as cost_center_name, o.po_number,
      o.total_items_amount, o.pick_fee_amount, o.tax_amount, o.shipping_amount, o.processing_amount, o.total_order_amount
      , d.department_code as "department_code", to_char(o.date_shipped at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "date_shipped", concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), '')) as "ship_to", o.tracking_number as "tracking_number", o.email as "email", o.contact_phone as "phone", u.title as "title"
    from (select * from orders o where o.customer_id = 1850 and o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.date_shipped < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and (o.id = 1234 or o.po_number ilike '%1234%' or o.ship_name ilike '%1234%' or o.contact_name ilike '%1234%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%1234%')) order by o.date_shipped desc, o.id desc
          limit 25 offset 50) o
    join users u on u.id = o.user_id
    join order_statuses st on st.id = o.order_status_id
    left join departments d on d.id = o.department_id
    left join cost_centers cc on cc.id = o.cost_center_id
    order by o.date_shipped desc, o.id desc;

-- every filter and optional column, dated by shipping: totals
select count(*)::int as found_rows, count(*)::int as orders,
      coalesce(sum(total_items_amount), 0)::float8 as total_items_amount, coalesce(sum(pick_fee_amount), 0)::float8 as pick_fee_amount, coalesce(sum(tax_amount), 0)::float8 as tax_amount,
      coalesce(sum(shipping_amount), 0)::float8 as shipping_amount, coalesce(sum(processing_amount), 0)::float8 as processing_amount, coalesce(sum(total_order_amount), 0)::float8 as total_order_amount
    from orders o where o.customer_id = 1850 and o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.date_shipped < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and (o.id = 1234 or o.po_number ilike '%1234%' or o.ship_name ilike '%1234%' or o.contact_name ilike '%1234%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%1234%'));

-- every filter and optional column, dated by shipping: CSV
select o.id as "Order ID", st.name as "Status", to_char((o.created) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Created (PT)", (case when left(coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') else coalesce(u.representation, concat_ws(' ', u.first_name, u.last_name), '') end) as "Practice", (case when left(coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, ''), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') else coalesce(nullif(concat_ws(' ', u.first_name, u.last_name), ''), u.representation, '') end) as "User", (case when left(d.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || d.name else d.name end) as "Department", (case when left(cc.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || cc.name else cc.name end) as "Cost Center", (case when left(o.po_number, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || o.po_number else o.po_number end) as "PO Number", to_char((o.total_items_amount)::numeric / 100, 'FM999999999990.00') as "Items", to_char((o.pick_fee_amount)::numeric / 100, 'FM999999999990.00') as "Pick Fees", to_char((o.tax_amount)::numeric / 100, 'FM999999999990.00') as "Tax", to_char((o.shipping_amount)::numeric / 100, 'FM999999999990.00') as "Shipping", to_char((o.processing_amount)::numeric / 100, 'FM999999999990.00') as "Processing", to_char((o.total_order_amount)::numeric / 100, 'FM999999999990.00') as "Total", (case when left((d.department_code), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || (d.department_code) else (d.department_code) end) as "Department Code", to_char((o.date_shipped) at time zone 'America/Los_Angeles', 'YYYY-MM-DD HH24:MI') as "Date Shipped", (case when left((concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), ''))), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || (concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), ''))) else (concat_ws(', ', nullif(o.ship_name, ''), nullif(o.ship_line1, ''), nullif(o.ship_city, ''), nullif(concat_ws(' ', o.ship_state, o.ship_zip_code), ''))) end) as "Ship To", (case when left((o.tracking_number), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || (o.tracking_number) else (o.tracking_number) end) as "Tracking Number", (case when left((o.email), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || (o.email) else (o.email) end) as "Email", (case when left((o.contact_phone), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || (o.contact_phone) else (o.contact_phone) end) as "Phone", (case when left((u.title), 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || (u.title) else (u.title) end) as "Title"
      from orders o
      join users u on u.id = o.user_id
      join order_statuses st on st.id = o.order_status_id
      left join departments d on d.id = o.department_id
      left join cost_centers cc on cc.id = o.cost_center_id
      where o.customer_id = 1850 and o.date_shipped >= ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles') and o.date_shipped < (('2026-01-31'::date + 1)::timestamp at time zone 'America/Los_Angeles') and o.department_id = 3 and o.cost_center_id = 4 and o.user_id = 5 and o.order_status_id = 2 and o.payment_method_id = 1 and o.order_type_id = 2 and o.po_number ilike '%PO\_1\%%' and o.user_id in (select su.id from users su where su.customer_id = 1850
      and (concat_ws(' ', su.first_name, su.last_name) ilike '%ann%' or su.email ilike '%ann%' or su.representation ilike '%ann%')) and (o.id = 1234 or o.po_number ilike '%1234%' or o.ship_name ilike '%1234%' or o.contact_name ilike '%1234%'
    or exists (select 1 from order_products ko where ko.order_id = o.id and ko.product_name ilike '%1234%'))
      order by o.date_shipped desc, o.id desc;
