CREATE TABLE "retired_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secret_ref" text;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "password_tokens" ADD COLUMN "email" text;--> statement-breakpoint
-- Decision 026: a link works only while the user's email is the address it was sent to. Links
-- issued before this migration are bound to the user's current address.
UPDATE "password_tokens" t SET "email" = coalesce(u."email", '') FROM "users" u WHERE u."id" = t."user_id";--> statement-breakpoint
ALTER TABLE "password_tokens" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "retired_refresh_tokens" ADD CONSTRAINT "retired_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retired_refresh_tokens_session_idx" ON "retired_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "email_outbox_secret_ref_idx" ON "email_outbox" USING btree ("secret_ref");--> statement-breakpoint
CREATE INDEX "email_outbox_secret_expires_idx" ON "email_outbox" USING btree ("secret_expires_at");--> statement-breakpoint
-- Decision 026: set-password messages already queued or sent name the link they carry; a link that
-- is spent, expired or unknown is cut out of the stored message now, a live one when it dies.
UPDATE "email_outbox" m SET "secret_ref" = 'password_token:' || t."id", "secret_expires_at" = t."expires_at"
  FROM "password_tokens" t
  WHERE m."kind" = 'password_link'
    AND t."token_hash" = encode(sha256(convert_to(substring(m."text" from '[?#&]token=([A-Za-z0-9_-]+)'), 'UTF8')), 'hex')
    AND t."used_at" IS NULL AND t."expires_at" > now();--> statement-breakpoint
UPDATE "email_outbox" SET
    "text" = regexp_replace("text", '([?#&](token|code)=)[A-Za-z0-9_-]+', '\1REDACTED', 'g'),
    "html" = regexp_replace("html", '([?#&](token|code)=)[A-Za-z0-9_-]+', '\1REDACTED', 'g')
  WHERE "kind" = 'password_link' AND "secret_ref" IS NULL;--> statement-breakpoint
-- Decision 026 (revising 017): a change counter moves only when a statement really changed rows.
-- INSERT and DELETE look at their transition table; UPDATE compares the rows before and after,
-- ignoring the updated time. Statement triggers, so a bulk statement bumps at most once.
CREATE FUNCTION cache_generation_bump_if_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed_rows) THEN
    UPDATE cache_generations SET generation = generation + 1, updated = now() WHERE source = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION cache_generation_bump_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT to_jsonb(n) - 'updated' FROM changed_rows n
    EXCEPT ALL
    SELECT to_jsonb(o) - 'updated' FROM old_rows o
  ) THEN
    UPDATE cache_generations SET generation = generation + 1, updated = now() WHERE source = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['product_categories', 'product_departments', 'product_price_ranges', 'users',
    'addresses', 'customers', 'delivery_methods', 'customer_delivery_methods', 'departments',
    'department_cc_emails', 'sessions', 'products']
  LOOP
    EXECUTE format('DROP TRIGGER cache_%s_changed ON %I', t, t);
    -- A new session cannot be cached yet (0009); products keep 0009's row trigger for updates,
    -- which ignores stock-only changes without a transition table on the order path.
    IF t <> 'sessions' THEN
      EXECUTE format('CREATE TRIGGER cache_%s_inserted AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump_if_rows()', t, t);
    END IF;
    IF t <> 'products' THEN
      EXECUTE format('CREATE TRIGGER cache_%s_updated AFTER UPDATE ON %I '
        'REFERENCING OLD TABLE AS old_rows NEW TABLE AS changed_rows '
        'FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump_if_changed()', t, t);
    END IF;
    EXECUTE format('CREATE TRIGGER cache_%s_deleted AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump_if_rows()', t, t);
    EXECUTE format('CREATE TRIGGER cache_%s_truncated AFTER TRUNCATE ON %I '
      'FOR EACH STATEMENT EXECUTE FUNCTION cache_generation_bump()', t, t);
  END LOOP;
END $$;
