CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"actor_user_id" integer,
	"actor_name" text,
	"actor_email" text,
	"session_id" integer,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"record_id" integer NOT NULL,
	"record_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_newest_idx" ON "audit_log" USING btree ("customer_id","created" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("kind","record_id","created" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created" DESC NULLS LAST);--> statement-breakpoint
-- custom: the audit trail is append-only (decision 043): any UPDATE, DELETE or TRUNCATE of audit_log
-- raises, whoever runs it, the application's own database role included.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
