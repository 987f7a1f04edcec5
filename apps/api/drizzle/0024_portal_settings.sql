CREATE TABLE "portal_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"support_phone" text NOT NULL,
	"large_order_email" text NOT NULL,
	"pet_insurance_url" text NOT NULL,
	"approval_remind_days" integer NOT NULL,
	"approval_expire_days" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "portal_settings" ADD CONSTRAINT "portal_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;