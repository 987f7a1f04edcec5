-- Custom SQL migration (drizzle-kit generate --custom): decision 047. Every API process caches the
-- portal settings behind the change counters of decision 017, so a save made through one process
-- is read by the others within CACHE_MAX_STALE_MS: portal_settings gets its counter row and the
-- statement triggers of migration 0015 (a counter moves only when rows really changed).
INSERT INTO "cache_generations" ("source") VALUES ('portal_settings') ON CONFLICT ("source") DO NOTHING;
--> statement-breakpoint
CREATE TRIGGER cache_portal_settings_inserted AFTER INSERT ON portal_settings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump_if_rows();
--> statement-breakpoint
CREATE TRIGGER cache_portal_settings_updated AFTER UPDATE ON portal_settings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump_if_changed();
--> statement-breakpoint
CREATE TRIGGER cache_portal_settings_deleted AFTER DELETE ON portal_settings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump_if_rows();
--> statement-breakpoint
CREATE TRIGGER cache_portal_settings_truncated AFTER TRUNCATE ON portal_settings
  FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump();
