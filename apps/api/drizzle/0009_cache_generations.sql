CREATE TABLE "cache_generations" (
	"source" text PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Decision 017: API processes cache what rarely changes and check these counters at most every
-- CACHE_MAX_STALE_MS. Each table a cache reads has a row, bumped by the statements that change it.
INSERT INTO "cache_generations" ("source") VALUES
  ('products'), ('product_categories'), ('product_departments'), ('product_price_ranges'),
  ('sessions'), ('users'), ('addresses'),
  ('customers'), ('delivery_methods'), ('customer_delivery_methods'), ('departments'), ('department_cc_emails');
--> statement-breakpoint
CREATE FUNCTION cache_generation_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cache_generations SET generation = generation + 1, updated = now() WHERE source = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Stock changes with every order and is read fresh (not through a generation), so an update that
-- changes only actual_inventory (and the updated time) leaves the catalogue's generation alone: an
-- order never takes the counter's row lock. Any other column, including one added later, counts.
CREATE TRIGGER cache_products_updated AFTER UPDATE ON products FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'actual_inventory' - 'updated') IS DISTINCT FROM (to_jsonb(NEW) - 'actual_inventory' - 'updated'))
  EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_products_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
-- A session is only read by its token: a new one cannot be cached yet, so inserts do not count.
CREATE TRIGGER cache_sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_product_categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_product_departments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_departments
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_product_price_ranges_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_price_ranges
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_users_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_addresses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON addresses
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_customers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_delivery_methods_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_methods
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_customer_delivery_methods_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON customer_delivery_methods
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_departments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
--> statement-breakpoint
CREATE TRIGGER cache_department_cc_emails_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON department_cc_emails
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
