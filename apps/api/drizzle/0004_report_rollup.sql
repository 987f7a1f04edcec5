-- Keeps report_product_days exact (see its comment in src/db/schema/orders.ts). Any statement that
-- inserts, updates or deletes order lines, or updates or deletes orders, recomputes the portal-time
-- days it touched from the lines themselves. The line arithmetic is the raw report's (report-sql.ts
-- matchingLines): packs not cancelled, and each line's share of its order's shipping and tax by
-- value, rounded half up in integers; reports.test.ts checks both paths give the same figures.
CREATE FUNCTION report_refresh_product_days(p_customer integer, p_days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz;
  v_to timestamptz;
BEGIN
  SELECT min(d)::timestamp AT TIME ZONE 'America/Los_Angeles', (max(d) + 1)::timestamp AT TIME ZONE 'America/Los_Angeles'
    INTO v_from, v_to FROM unnest(p_days) AS d;
  DELETE FROM report_product_days WHERE customer_id = p_customer AND day = ANY (p_days);
  INSERT INTO report_product_days (customer_id, day, product_id, lines, quantity, total_price, shipping_cost, tax_amount, pick_fee)
  SELECT o.customer_id, (o.created AT TIME ZONE 'America/Los_Angeles')::date, op.product_id, count(*),
    sum(op.quantity - op.cancelled_quantity),
    sum(op.unit_price_cents * (op.quantity - op.cancelled_quantity)),
    sum((CASE WHEN o.total_items_amount > 0
      THEN (o.shipping_amount::int8 * op.unit_price_cents * (op.quantity - op.cancelled_quantity) * 2 + o.total_items_amount)
        / (2 * o.total_items_amount)
      ELSE 0 END)::int4),
    sum((CASE WHEN o.total_items_amount + o.pick_fee_amount > 0
      THEN (o.tax_amount::int8 * (op.unit_price_cents + op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity) * 2
          + (o.total_items_amount + o.pick_fee_amount)) / (2 * (o.total_items_amount + o.pick_fee_amount))
      ELSE 0 END)::int4),
    sum((op.pick_fee_cents / op.quantity) * (op.quantity - op.cancelled_quantity))
  FROM orders o
  JOIN order_products op ON op.order_id = o.id
  WHERE o.customer_id = p_customer AND o.created >= v_from AND o.created < v_to
    AND (o.created AT TIME ZONE 'America/Los_Angeles')::date IN (SELECT unnest(p_days))
    AND op.quantity > op.cancelled_quantity
  GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_lines_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT o.customer_id, array_agg(DISTINCT (o.created AT TIME ZONE 'America/Los_Angeles')::date) AS days
    FROM orders o WHERE o.id IN (SELECT order_id FROM changed_lines)
    GROUP BY o.customer_id
  LOOP
    PERFORM report_refresh_product_days(r.customer_id, r.days);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT customer_id, array_agg(DISTINCT (created AT TIME ZONE 'America/Los_Angeles')::date) AS days
    FROM changed_orders GROUP BY customer_id
  LOOP
    PERFORM report_refresh_product_days(r.customer_id, r.days);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_lines_inserted AFTER INSERT ON order_products
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_lines_updated AFTER UPDATE ON order_products
  REFERENCING NEW TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_lines_deleted AFTER DELETE ON order_products
  REFERENCING OLD TABLE AS changed_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_updated AFTER UPDATE ON orders
  REFERENCING NEW TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_deleted AFTER DELETE ON orders
  REFERENCING OLD TABLE AS changed_orders FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
-- Databases that already hold orders get their rollup now.
SELECT report_refresh_product_days(c.id, ARRAY(
  SELECT DISTINCT (o.created AT TIME ZONE 'America/Los_Angeles')::date FROM orders o WHERE o.customer_id = c.id
)) FROM customers c;
