-- A destroy order (SPEC §4) throws stock away: it is no sale, and the product and item summaries
-- count sales (issue 11). report_line_delta (0008) gave a destroy order's lines like any other's,
-- so the rollup counted them. Their rows come out first, with the function as it was; from then on
-- a destroy order's lines count nothing, and an order whose is_destroy changes moves its lines out
-- of (or into) the rollup like any other change of a figure's input. The raw report
-- (report-sql.ts matchingLines) leaves them out too.
SELECT report_add_product_days(ARRAY(
  SELECT ROW(d.customer_id, d.day, d.product_id, sum(d.lines)::int4, sum(d.quantity)::int8, sum(d.total_price)::int8,
    sum(d.shipping_cost)::int8, sum(d.tax_amount)::int8, sum(d.pick_fee)::int8)::report_product_delta
  FROM orders o JOIN order_products l ON l.order_id = o.id CROSS JOIN LATERAL report_line_delta(o, l, -1) AS d
  WHERE o.is_destroy AND d.customer_id IS NOT NULL
  GROUP BY d.customer_id, d.day, d.product_id));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_line_delta(o orders, l order_products, p_sign integer) RETURNS report_product_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN NOT o.is_destroy AND l.quantity > l.cancelled_quantity THEN ROW(
    o.customer_id, (o.created AT TIME ZONE 'America/Los_Angeles')::date, l.product_id, p_sign,
    p_sign * (l.quantity - l.cancelled_quantity)::int8,
    p_sign * (l.unit_price_cents * (l.quantity - l.cancelled_quantity))::int8,
    p_sign * (CASE WHEN o.total_items_amount > 0
      THEN (o.shipping_amount::int8 * l.unit_price_cents * (l.quantity - l.cancelled_quantity) * 2 + o.total_items_amount)
        / (2 * o.total_items_amount)
      ELSE 0 END)::int4,
    p_sign * (CASE WHEN o.total_items_amount + o.pick_fee_amount > 0
      THEN (o.tax_amount::int8 * (l.unit_price_cents + l.pick_fee_cents / l.quantity) * (l.quantity - l.cancelled_quantity) * 2
          + (o.total_items_amount + o.pick_fee_amount)) / (2 * (o.total_items_amount + o.pick_fee_amount))
      ELSE 0 END)::int4,
    p_sign * ((l.pick_fee_cents / l.quantity) * (l.quantity - l.cancelled_quantity))::int8
  )::report_product_delta END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'SELECT report_add_product_days(ARRAY(
    SELECT ROW(s.customer_id, s.day, s.product_id, sum(s.lines)::int4, sum(s.quantity)::int8, sum(s.total_price)::int8,
      sum(s.shipping_cost)::int8, sum(s.tax_amount)::int8, sum(s.pick_fee)::int8)::report_product_delta
    FROM (
      SELECT d.* FROM new_orders o JOIN order_products l ON l.order_id = o.id
        CROSS JOIN LATERAL report_line_delta(o, l, 1) AS d
      WHERE NOT EXISTS (SELECT 1 FROM old_orders x WHERE x.id = o.id
        AND (x.customer_id, x.created, x.is_destroy, x.total_items_amount, x.pick_fee_amount, x.shipping_amount, x.tax_amount)
          = (o.customer_id, o.created, o.is_destroy, o.total_items_amount, o.pick_fee_amount, o.shipping_amount, o.tax_amount))
      UNION ALL
      SELECT d.* FROM old_orders o JOIN order_products l ON l.order_id = o.id
        CROSS JOIN LATERAL report_line_delta(o, l, -1) AS d
      WHERE NOT EXISTS (SELECT 1 FROM new_orders x WHERE x.id = o.id
        AND (x.customer_id, x.created, x.is_destroy, x.total_items_amount, x.pick_fee_amount, x.shipping_amount, x.tax_amount)
          = (o.customer_id, o.created, o.is_destroy, o.total_items_amount, o.pick_fee_amount, o.shipping_amount, o.tax_amount))
    ) AS s
    WHERE s.customer_id IS NOT NULL
    GROUP BY s.customer_id, s.day, s.product_id))';
  RETURN NULL;
END $$;
