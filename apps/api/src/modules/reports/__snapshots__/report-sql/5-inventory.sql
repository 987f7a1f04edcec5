-- default: page
with g as materialized (select p.id as product_id, p.name, p.customer_sku, coalesce(b.ending_inventory, 0)::int as start_inventory, coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed, coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled, (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between '2026-01-01' and '2026-01-31'
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles')
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = 1850 and (p.is_in_inventory or m.product_id is not null)),
    t as (select count(*)::int as found_rows, coalesce(sum(start_inventory), 0)::float8 as sum__start_inventory, coalesce(sum(replenished), 0)::float8 as sum__replenished, coalesce(sum(removed), 0)::float8 as sum__removed, coalesce(sum(sold), 0)::float8 as sum__sold, coalesce(sum(canceled), 0)::float8 as sum__canceled, coalesce(sum(ending_inventory), 0)::float8 as sum__ending_inventory from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by name, product_id limit 25 offset 50) pg on true
    order by pg.name, pg.product_id;

-- default: CSV
select g.product_id as "Product ID", (case when left(g.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.name else g.name end) as "Product", (case when left(g.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.customer_sku else g.customer_sku end) as "SKU", g.start_inventory as "Start Inventory", g.replenished as "Replenished", g.removed as "Removed", g.sold as "Sold", g.canceled as "Canceled", g.ending_inventory as "Ending Inventory" from (select p.id as product_id, p.name, p.customer_sku, coalesce(b.ending_inventory, 0)::int as start_inventory, coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed, coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled, (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between '2026-01-01' and '2026-01-31'
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles')
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = 1850 and (p.is_in_inventory or m.product_id is not null)) g order by g.name, g.product_id;

-- keyword 'Dental': page
with g as materialized (select p.id as product_id, p.name, p.customer_sku, coalesce(b.ending_inventory, 0)::int as start_inventory, coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed, coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled, (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between '2026-01-01' and '2026-01-31'
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles')
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = 1850 and (p.is_in_inventory or m.product_id is not null) and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')),
    t as (select count(*)::int as found_rows, coalesce(sum(start_inventory), 0)::float8 as sum__start_inventory, coalesce(sum(replenished), 0)::float8 as sum__replenished, coalesce(sum(removed), 0)::float8 as sum__removed, coalesce(sum(sold), 0)::float8 as sum__sold, coalesce(sum(canceled), 0)::float8 as sum__canceled, coalesce(sum(ending_inventory), 0)::float8 as sum__ending_inventory from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by name, product_id limit 25 offset 50) pg on true
    order by pg.name, pg.product_id;

-- keyword 'Dental': CSV
select g.product_id as "Product ID", (case when left(g.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.name else g.name end) as "Product", (case when left(g.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.customer_sku else g.customer_sku end) as "SKU", g.start_inventory as "Start Inventory", g.replenished as "Replenished", g.removed as "Removed", g.sold as "Sold", g.canceled as "Canceled", g.ending_inventory as "Ending Inventory" from (select p.id as product_id, p.name, p.customer_sku, coalesce(b.ending_inventory, 0)::int as start_inventory, coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed, coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled, (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between '2026-01-01' and '2026-01-31'
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles')
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = 1850 and (p.is_in_inventory or m.product_id is not null) and (p.name ilike '%Dental%' or p.customer_sku ilike '%Dental%')) g order by g.name, g.product_id;

-- every filter and optional column, dated by shipping: page
with g as materialized (select p.id as product_id, p.name, p.customer_sku, coalesce(b.ending_inventory, 0)::int as start_inventory, coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed, coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled, (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between '2026-01-01' and '2026-01-31'
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles')
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = 1850 and (p.is_in_inventory or m.product_id is not null) and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')),
    t as (select count(*)::int as found_rows, coalesce(sum(start_inventory), 0)::float8 as sum__start_inventory, coalesce(sum(replenished), 0)::float8 as sum__replenished, coalesce(sum(removed), 0)::float8 as sum__removed, coalesce(sum(sold), 0)::float8 as sum__sold, coalesce(sum(canceled), 0)::float8 as sum__canceled, coalesce(sum(ending_inventory), 0)::float8 as sum__ending_inventory from g)
    select t.*, pg.* from t left join lateral
      (select * from g order by name, product_id limit 25 offset 50) pg on true
    order by pg.name, pg.product_id;

-- every filter and optional column, dated by shipping: CSV
select g.product_id as "Product ID", (case when left(g.name, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.name else g.name end) as "Product", (case when left(g.customer_sku, 1) in ('=', '+', '-', '@', E'\t', E'\r') then '''' || g.customer_sku else g.customer_sku end) as "SKU", g.start_inventory as "Start Inventory", g.replenished as "Replenished", g.removed as "Removed", g.sold as "Sold", g.canceled as "Canceled", g.ending_inventory as "Ending Inventory" from (select p.id as product_id, p.name, p.customer_sku, coalesce(b.ending_inventory, 0)::int as start_inventory, coalesce(m.replenished, 0)::int as replenished, coalesce(m.removed, 0)::int as removed, coalesce(m.sold, 0)::int as sold, coalesce(m.canceled, 0)::int as canceled, (coalesce(b.ending_inventory, 0) + coalesce(m.replenished, 0) - coalesce(m.removed, 0)
        - coalesce(m.sold, 0) + coalesce(m.canceled, 0))::int as ending_inventory from products p
    left join (
      select r.product_id, sum(r.replenished) as replenished, sum(r.removed) as removed,
        sum(r.sold) as sold, sum(r.canceled) as canceled
      from report_inventory_days r
      where r.day between '2026-01-01' and '2026-01-31'
      group by r.product_id
    ) m on m.product_id = p.id
    left join lateral (
      select t.ending_inventory from inventory_transactions t
      where t.product_id = p.id and t.created < ('2026-01-01'::date::timestamp at time zone 'America/Los_Angeles')
      order by t.created desc, t.id desc limit 1
    ) b on true
    where p.customer_id = 1850 and (p.is_in_inventory or m.product_id is not null) and (p.name ilike '%1234%' or p.customer_sku ilike '%1234%')) g order by g.name, g.product_id;
