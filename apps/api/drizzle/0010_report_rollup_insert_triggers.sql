-- Every order placed inserts lines and ledger rows, and their statement triggers (0008) built their
-- query as text and planned it again on each call (EXECUTE): about 1 ms of the database's time per
-- order, most of its trigger work (decision 018). Inserts now have triggers of their own. A
-- statement of up to 100 rows (an order, a stock change) runs a fixed query, planned once per
-- connection, whose plan cannot depend on the rows of the first call: each new line finds its
-- order through the primary key (a LATERAL subquery that is never flattened into a join). A bigger
-- statement (a bulk load) is planned for the rows at hand as before, so loads keep their hash
-- joins. Updates and deletes, which are rare, keep 0008's path. The arithmetic is 0008's
-- (report_line_delta, report_move_delta, report_add_product_days, report_add_inventory_days).
CREATE FUNCTION report_lines_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM (SELECT FROM new_lines LIMIT 101) AS s) > 100 THEN
    EXECUTE 'SELECT report_add_product_days(ARRAY(
      SELECT ROW(d.customer_id, d.day, d.product_id, sum(d.lines)::int4, sum(d.quantity)::int8, sum(d.total_price)::int8,
        sum(d.shipping_cost)::int8, sum(d.tax_amount)::int8, sum(d.pick_fee)::int8)::report_product_delta
      FROM new_lines l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL report_line_delta(o, l, 1) AS d
      WHERE d.customer_id IS NOT NULL
      GROUP BY d.customer_id, d.day, d.product_id))';
  ELSE
    PERFORM report_add_product_days(ARRAY(
      SELECT ROW(d.customer_id, d.day, d.product_id, sum(d.lines)::int4, sum(d.quantity)::int8, sum(d.total_price)::int8,
        sum(d.shipping_cost)::int8, sum(d.tax_amount)::int8, sum(d.pick_fee)::int8)::report_product_delta
      FROM new_lines l
        CROSS JOIN LATERAL (SELECT o FROM orders o WHERE o.id = l.order_id OFFSET 0) AS x
        CROSS JOIN LATERAL report_line_delta(x.o, l, 1) AS d
      WHERE d.customer_id IS NOT NULL
      GROUP BY d.customer_id, d.day, d.product_id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_moves_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT count(*) FROM (SELECT FROM new_moves LIMIT 101) AS s) > 100 THEN
    EXECUTE 'SELECT report_add_inventory_days(ARRAY(
      SELECT ROW(d.product_id, d.day, sum(d.replenished)::int4, sum(d.removed)::int4, sum(d.sold)::int4,
        sum(d.canceled)::int4)::report_inventory_delta
      FROM new_moves t CROSS JOIN LATERAL report_move_delta(t, 1) AS d
      GROUP BY d.product_id, d.day))';
  ELSE
    PERFORM report_add_inventory_days(ARRAY(
      SELECT ROW(d.product_id, d.day, sum(d.replenished)::int4, sum(d.removed)::int4, sum(d.sold)::int4,
        sum(d.canceled)::int4)::report_inventory_delta
      FROM new_moves t CROSS JOIN LATERAL report_move_delta(t, 1) AS d
      GROUP BY d.product_id, d.day));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER report_lines_inserted ON order_products;
--> statement-breakpoint
CREATE TRIGGER report_lines_inserted AFTER INSERT ON order_products
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_added();
--> statement-breakpoint
DROP TRIGGER report_ledger_inserted ON inventory_transactions;
--> statement-breakpoint
CREATE TRIGGER report_ledger_inserted AFTER INSERT ON inventory_transactions
  REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION report_moves_added();
--> statement-breakpoint
-- 0008's functions now serve updates and deletes only.
CREATE OR REPLACE FUNCTION report_lines_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_plus text := 'SELECT d.* FROM new_lines l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL report_line_delta(o, l, 1) AS d';
  v_minus text := 'SELECT d.* FROM old_lines l JOIN orders o ON o.id = l.order_id CROSS JOIN LATERAL report_line_delta(o, l, -1) AS d';
  v_unchanged text := ' WHERE NOT EXISTS (SELECT 1 FROM %s x WHERE x.id = l.id
    AND (x.order_id, x.product_id, x.quantity, x.cancelled_quantity, x.unit_price_cents, x.pick_fee_cents)
      = (l.order_id, l.product_id, l.quantity, l.cancelled_quantity, l.unit_price_cents, l.pick_fee_cents))';
  v_source text;
BEGIN
  v_source := CASE TG_OP
    WHEN 'DELETE' THEN v_minus
    ELSE v_plus || format(v_unchanged, 'old_lines') || ' UNION ALL ' || v_minus || format(v_unchanged, 'new_lines')
  END;
  EXECUTE 'SELECT report_add_product_days(ARRAY(
      SELECT ROW(s.customer_id, s.day, s.product_id, sum(s.lines)::int4, sum(s.quantity)::int8, sum(s.total_price)::int8,
        sum(s.shipping_cost)::int8, sum(s.tax_amount)::int8, sum(s.pick_fee)::int8)::report_product_delta
      FROM (' || v_source || ') AS s WHERE s.customer_id IS NOT NULL GROUP BY s.customer_id, s.day, s.product_id))';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_ledger_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_plus text := 'SELECT d.* FROM new_moves t CROSS JOIN LATERAL report_move_delta(t, 1) AS d';
  v_minus text := 'SELECT d.* FROM old_moves t CROSS JOIN LATERAL report_move_delta(t, -1) AS d';
  v_source text;
BEGIN
  v_source := CASE TG_OP WHEN 'DELETE' THEN v_minus ELSE v_plus || ' UNION ALL ' || v_minus END;
  EXECUTE 'SELECT report_add_inventory_days(ARRAY(
      SELECT ROW(s.product_id, s.day, sum(s.replenished)::int4, sum(s.removed)::int4, sum(s.sold)::int4, sum(s.canceled)::int4)::report_inventory_delta
      FROM (' || v_source || ') AS s GROUP BY s.product_id, s.day))';
  RETURN NULL;
END $$;
