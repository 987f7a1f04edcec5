-- Keeps report_inventory_days exact (see its comment in src/db/schema/inventory.ts): any statement
-- that writes ledger rows recomputes the products and portal-time days it touched. The kinds are
-- the inventory summary's (report-sql.ts inventorySummaryGroups).
CREATE FUNCTION report_refresh_inventory_days(p_products integer[], p_days date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  v_from timestamptz;
  v_to timestamptz;
BEGIN
  SELECT min(d)::timestamp AT TIME ZONE 'America/Los_Angeles', (max(d) + 1)::timestamp AT TIME ZONE 'America/Los_Angeles'
    INTO v_from, v_to FROM unnest(p_days) AS d;
  DELETE FROM report_inventory_days WHERE product_id = ANY (p_products) AND day = ANY (p_days);
  INSERT INTO report_inventory_days (product_id, day, replenished, removed, sold, canceled)
  SELECT t.product_id, (t.created AT TIME ZONE 'America/Los_Angeles')::date,
    coalesce(sum(t.quantity) FILTER (WHERE t.action = 'replenish' OR (t.action = 'adjust' AND t.quantity > 0)), 0),
    coalesce(-sum(t.quantity) FILTER (WHERE t.action = 'destroy' OR (t.action = 'adjust' AND t.quantity < 0)), 0),
    coalesce(-sum(t.quantity) FILTER (WHERE t.action = 'sale'), 0),
    coalesce(sum(t.quantity) FILTER (WHERE t.action = 'cancel'), 0)
  FROM inventory_transactions t
  WHERE t.product_id IN (SELECT unnest(p_products)) AND t.created >= v_from AND t.created < v_to
    AND (t.created AT TIME ZONE 'America/Los_Angeles')::date IN (SELECT unnest(p_days))
  GROUP BY 1, 2;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_ledger_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_refresh_inventory_days(
    ARRAY(SELECT DISTINCT product_id FROM changed_moves),
    ARRAY(SELECT DISTINCT (created AT TIME ZONE 'America/Los_Angeles')::date FROM changed_moves));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_ledger_inserted AFTER INSERT ON inventory_transactions
  REFERENCING NEW TABLE AS changed_moves FOR EACH STATEMENT EXECUTE FUNCTION report_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER report_ledger_updated AFTER UPDATE ON inventory_transactions
  REFERENCING NEW TABLE AS changed_moves FOR EACH STATEMENT EXECUTE FUNCTION report_ledger_changed();
--> statement-breakpoint
CREATE TRIGGER report_ledger_deleted AFTER DELETE ON inventory_transactions
  REFERENCING OLD TABLE AS changed_moves FOR EACH STATEMENT EXECUTE FUNCTION report_ledger_changed();
--> statement-breakpoint
-- Databases that already hold a ledger get their rollup now.
SELECT report_refresh_inventory_days(
  ARRAY(SELECT DISTINCT product_id FROM inventory_transactions),
  ARRAY(SELECT DISTINCT (created AT TIME ZONE 'America/Los_Angeles')::date FROM inventory_transactions));
