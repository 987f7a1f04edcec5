-- The report rollups kept by deltas (decision 010). The triggers of 0004 and 0006 recomputed every
-- day a statement touched from all of that day's rows: a write cost grew with the day's orders, and
-- two transactions on one day raced on the day's rows (duplicate keys, 500s). Now each statement
-- adds what its own rows contribute: the OLD rows' figures subtracted, the NEW rows' added, with
-- INSERT … ON CONFLICT … DO UPDATE on the rollup rows sorted by key (concurrent writers lock them
-- in one order, and wait for each other instead of failing). A row whose figures all return to zero
-- is removed, so a rollup row exists exactly when the raw rows give it a figure. The arithmetic is
-- the raw report's (report-sql.ts matchingLines and inventorySummaryGroups).
DROP TRIGGER report_lines_inserted ON order_products;
--> statement-breakpoint
DROP TRIGGER report_lines_updated ON order_products;
--> statement-breakpoint
DROP TRIGGER report_lines_deleted ON order_products;
--> statement-breakpoint
DROP TRIGGER report_orders_updated ON orders;
--> statement-breakpoint
DROP TRIGGER report_orders_deleted ON orders;
--> statement-breakpoint
DROP TRIGGER report_ledger_inserted ON inventory_transactions;
--> statement-breakpoint
DROP TRIGGER report_ledger_updated ON inventory_transactions;
--> statement-breakpoint
DROP TRIGGER report_ledger_deleted ON inventory_transactions;
--> statement-breakpoint
DROP FUNCTION report_lines_changed();
--> statement-breakpoint
DROP FUNCTION report_orders_changed();
--> statement-breakpoint
DROP FUNCTION report_refresh_product_days(integer, date[]);
--> statement-breakpoint
DROP FUNCTION report_ledger_changed();
--> statement-breakpoint
DROP FUNCTION report_refresh_inventory_days(integer[], date[]);
--> statement-breakpoint
-- One change to report_product_days: a row's key and signed figures.
CREATE TYPE report_product_delta AS (
  customer_id integer, day date, product_id integer, lines integer,
  quantity bigint, total_price bigint, shipping_cost bigint, tax_amount bigint, pick_fee bigint
);
--> statement-breakpoint
-- What line l of order o counts in report_product_days, times p_sign (1 to add it, -1 to take it
-- away); null when every pack of the line is cancelled. The packs not cancelled, and the line's
-- share of its order's shipping and tax by value, rounded half up in integers.
CREATE FUNCTION report_line_delta(o orders, l order_products, p_sign integer) RETURNS report_product_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN l.quantity > l.cancelled_quantity THEN ROW(
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
-- Adds the deltas to report_product_days: summed per key, keys that net to nothing skipped, rows
-- upserted in key order, rows left with no line removed.
CREATE FUNCTION report_add_product_days(p_deltas report_product_delta[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_emptied report_product_delta[];
BEGIN
  WITH added AS (
    INSERT INTO report_product_days AS r
      (customer_id, day, product_id, lines, quantity, total_price, shipping_cost, tax_amount, pick_fee)
    SELECT d.customer_id, d.day, d.product_id, sum(d.lines)::int4, sum(d.quantity)::int8, sum(d.total_price)::int8,
      sum(d.shipping_cost)::int8, sum(d.tax_amount)::int8, sum(d.pick_fee)::int8
    FROM unnest(p_deltas) AS d
    WHERE d.customer_id IS NOT NULL
    GROUP BY d.customer_id, d.day, d.product_id
    HAVING sum(d.lines) <> 0 OR sum(d.quantity) <> 0 OR sum(d.total_price) <> 0 OR sum(d.shipping_cost) <> 0
      OR sum(d.tax_amount) <> 0 OR sum(d.pick_fee) <> 0
    ORDER BY d.customer_id, d.day, d.product_id
    ON CONFLICT (customer_id, day, product_id) DO UPDATE SET
      lines = r.lines + excluded.lines,
      quantity = r.quantity + excluded.quantity,
      total_price = r.total_price + excluded.total_price,
      shipping_cost = r.shipping_cost + excluded.shipping_cost,
      tax_amount = r.tax_amount + excluded.tax_amount,
      pick_fee = r.pick_fee + excluded.pick_fee,
      updated = now()
    RETURNING r.customer_id, r.day, r.product_id, r.lines
  )
  SELECT array_agg(ROW(a.customer_id, a.day, a.product_id, 0, 0, 0, 0, 0, 0)::report_product_delta)
    INTO v_emptied FROM added a WHERE a.lines = 0;
  IF v_emptied IS NOT NULL THEN
    DELETE FROM report_product_days r USING unnest(v_emptied) AS e
    WHERE r.customer_id = e.customer_id AND r.day = e.day AND r.product_id = e.product_id AND r.lines = 0;
  END IF;
END $$;
--> statement-breakpoint
-- Lines inserted, updated or deleted: the old lines' figures out, the new lines' in, each with its
-- order as it stands, summed per rollup row before they are added (a bulk load makes one delta per
-- day and product, not one per line). An update that changes none of the figures' inputs does
-- nothing. The lines of an order being deleted were taken out by report_order_deleting (their order
-- is gone here). The source is chosen by operation (an INSERT has no old rows to name), hence EXECUTE.
CREATE FUNCTION report_lines_changed() RETURNS trigger
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
    WHEN 'INSERT' THEN v_plus
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
-- Orders updated: when a column the figures depend on changed (customer, creation time, items,
-- pick fees, shipping, tax), that order's lines come out with the old order and go back in with
-- the new one: O(the order's lines). A status or tracking change does nothing. EXECUTE plans the
-- statement for the rows at hand each time (a cached plan made for a bulk update would scan every
-- line for a single order afterwards).
CREATE FUNCTION report_orders_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE 'SELECT report_add_product_days(ARRAY(
    SELECT ROW(s.customer_id, s.day, s.product_id, sum(s.lines)::int4, sum(s.quantity)::int8, sum(s.total_price)::int8,
      sum(s.shipping_cost)::int8, sum(s.tax_amount)::int8, sum(s.pick_fee)::int8)::report_product_delta
    FROM (
      SELECT d.* FROM new_orders o JOIN order_products l ON l.order_id = o.id
        CROSS JOIN LATERAL report_line_delta(o, l, 1) AS d
      WHERE NOT EXISTS (SELECT 1 FROM old_orders x WHERE x.id = o.id
        AND (x.customer_id, x.created, x.total_items_amount, x.pick_fee_amount, x.shipping_amount, x.tax_amount)
          = (o.customer_id, o.created, o.total_items_amount, o.pick_fee_amount, o.shipping_amount, o.tax_amount))
      UNION ALL
      SELECT d.* FROM old_orders o JOIN order_products l ON l.order_id = o.id
        CROSS JOIN LATERAL report_line_delta(o, l, -1) AS d
      WHERE NOT EXISTS (SELECT 1 FROM new_orders x WHERE x.id = o.id
        AND (x.customer_id, x.created, x.total_items_amount, x.pick_fee_amount, x.shipping_amount, x.tax_amount)
          = (o.customer_id, o.created, o.total_items_amount, o.pick_fee_amount, o.shipping_amount, o.tax_amount))
    ) AS s
    WHERE s.customer_id IS NOT NULL
    GROUP BY s.customer_id, s.day, s.product_id))';
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An order about to be deleted takes its lines out while they are still there (the delete then
-- cascades to them).
CREATE FUNCTION report_order_deleting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_add_product_days(ARRAY(
    SELECT report_line_delta(OLD, l, -1) FROM order_products l WHERE l.order_id = OLD.id));
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_lines_inserted AFTER INSERT ON order_products
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_lines_updated AFTER UPDATE ON order_products
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_lines_deleted AFTER DELETE ON order_products
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_orders_updated AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE TRIGGER report_order_deleting BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION report_order_deleting();
--> statement-breakpoint
-- One change to report_inventory_days.
CREATE TYPE report_inventory_delta AS (
  product_id integer, day date, replenished integer, removed integer, sold integer, canceled integer
);
--> statement-breakpoint
-- What ledger row t counts in report_inventory_days, times p_sign: fills and upward adjustments
-- replenish; destroys and downward adjustments remove; sales sell; cancels come back.
CREATE FUNCTION report_move_delta(t inventory_transactions, p_sign integer) RETURNS report_inventory_delta
LANGUAGE sql IMMUTABLE AS $$
  SELECT ROW(
    t.product_id, (t.created AT TIME ZONE 'America/Los_Angeles')::date,
    p_sign * CASE WHEN t.action = 'replenish' OR (t.action = 'adjust' AND t.quantity > 0) THEN t.quantity ELSE 0 END,
    p_sign * CASE WHEN t.action = 'destroy' OR (t.action = 'adjust' AND t.quantity < 0) THEN -t.quantity ELSE 0 END,
    p_sign * CASE WHEN t.action = 'sale' THEN -t.quantity ELSE 0 END,
    p_sign * CASE WHEN t.action = 'cancel' THEN t.quantity ELSE 0 END
  )::report_inventory_delta
$$;
--> statement-breakpoint
-- Adds the deltas to report_inventory_days like report_add_product_days: rows upserted in key
-- order, rows whose figures are all back to zero removed.
CREATE FUNCTION report_add_inventory_days(p_deltas report_inventory_delta[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_emptied report_inventory_delta[];
BEGIN
  WITH added AS (
    INSERT INTO report_inventory_days AS r (product_id, day, replenished, removed, sold, canceled)
    SELECT d.product_id, d.day, sum(d.replenished)::int4, sum(d.removed)::int4, sum(d.sold)::int4, sum(d.canceled)::int4
    FROM unnest(p_deltas) AS d
    WHERE d.product_id IS NOT NULL
    GROUP BY d.product_id, d.day
    HAVING sum(d.replenished) <> 0 OR sum(d.removed) <> 0 OR sum(d.sold) <> 0 OR sum(d.canceled) <> 0
    ORDER BY d.product_id, d.day
    ON CONFLICT (product_id, day) DO UPDATE SET
      replenished = r.replenished + excluded.replenished,
      removed = r.removed + excluded.removed,
      sold = r.sold + excluded.sold,
      canceled = r.canceled + excluded.canceled,
      updated = now()
    RETURNING r.product_id, r.day, r.replenished, r.removed, r.sold, r.canceled
  )
  SELECT array_agg(ROW(a.product_id, a.day, 0, 0, 0, 0)::report_inventory_delta) INTO v_emptied
  FROM added a WHERE (a.replenished, a.removed, a.sold, a.canceled) = (0, 0, 0, 0);
  IF v_emptied IS NOT NULL THEN
    DELETE FROM report_inventory_days r USING unnest(v_emptied) AS e
    WHERE r.product_id = e.product_id AND r.day = e.day
      AND (r.replenished, r.removed, r.sold, r.canceled) = (0, 0, 0, 0);
  END IF;
END $$;
--> statement-breakpoint
-- Ledger rows inserted, updated or deleted: the old rows' figures out, the new rows' in, summed per
-- rollup row first (EXECUTE for the same reason as report_lines_changed).
CREATE FUNCTION report_ledger_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_plus text := 'SELECT d.* FROM new_moves t CROSS JOIN LATERAL report_move_delta(t, 1) AS d';
  v_minus text := 'SELECT d.* FROM old_moves t CROSS JOIN LATERAL report_move_delta(t, -1) AS d';
  v_source text;
BEGIN
  v_source := CASE TG_OP WHEN 'INSERT' THEN v_plus WHEN 'DELETE' THEN v_minus ELSE v_plus || ' UNION ALL ' || v_minus END;
  EXECUTE 'SELECT report_add_inventory_days(ARRAY(
      SELECT ROW(s.product_id, s.day, sum(s.replenished)::int4, sum(s.removed)::int4, sum(s.sold)::int4, sum(s.canceled)::int4)::report_inventory_delta
      FROM (' || v_source || ') AS s GROUP BY s.product_id, s.day))';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_ledger_inserted AFTER INSERT ON inventory_transactions
  REFERENCING NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION report_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER report_ledger_updated AFTER UPDATE ON inventory_transactions
  REFERENCING OLD TABLE AS old_moves NEW TABLE AS new_moves FOR EACH STATEMENT EXECUTE FUNCTION report_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER report_ledger_deleted AFTER DELETE ON inventory_transactions
  REFERENCING OLD TABLE AS old_moves FOR EACH STATEMENT EXECUTE FUNCTION report_ledger_changed();
--> statement-breakpoint
-- Rebuilt once from the raw rows with the same arithmetic.
DELETE FROM report_product_days;
--> statement-breakpoint
INSERT INTO report_product_days (customer_id, day, product_id, lines, quantity, total_price, shipping_cost, tax_amount, pick_fee)
SELECT d.customer_id, d.day, d.product_id, sum(d.lines)::int4, sum(d.quantity)::int8, sum(d.total_price)::int8,
  sum(d.shipping_cost)::int8, sum(d.tax_amount)::int8, sum(d.pick_fee)::int8
FROM orders o JOIN order_products l ON l.order_id = o.id CROSS JOIN LATERAL report_line_delta(o, l, 1) AS d
WHERE l.quantity > l.cancelled_quantity
GROUP BY d.customer_id, d.day, d.product_id;
--> statement-breakpoint
DELETE FROM report_inventory_days;
--> statement-breakpoint
INSERT INTO report_inventory_days (product_id, day, replenished, removed, sold, canceled)
SELECT d.product_id, d.day, sum(d.replenished)::int4, sum(d.removed)::int4, sum(d.sold)::int4, sum(d.canceled)::int4
FROM inventory_transactions t CROSS JOIN LATERAL report_move_delta(t, 1) AS d
GROUP BY d.product_id, d.day
HAVING sum(d.replenished) <> 0 OR sum(d.removed) <> 0 OR sum(d.sold) <> 0 OR sum(d.canceled) <> 0;
