CREATE TABLE "report_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"request" jsonb NOT NULL,
	"file_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_exports" ADD CONSTRAINT "report_exports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_exports_code_idx" ON "report_exports" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "report_exports_expires_idx" ON "report_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "inventory_transactions_product_action_idx" ON "inventory_transactions" USING btree ("product_id","action","created");--> statement-breakpoint
CREATE INDEX "inventory_transactions_created_idx" ON "inventory_transactions" USING btree ("created");--> statement-breakpoint
CREATE INDEX "orders_customer_shipped_idx" ON "orders" USING btree ("customer_id","date_shipped");