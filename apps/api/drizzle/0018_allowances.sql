CREATE TABLE "allowance_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"period_start" date NOT NULL,
	"allotted" integer DEFAULT 0 NOT NULL,
	"own" boolean DEFAULT false NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"closed" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_accounts_allotted" CHECK ("allowance_accounts"."allotted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "allowance_department_defaults" (
	"programme_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"allotted" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_department_defaults_programme_id_department_id_pk" PRIMARY KEY("programme_id","department_id"),
	CONSTRAINT "allowance_department_defaults_allotted" CHECK ("allowance_department_defaults"."allotted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "allowance_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"order_id" integer,
	"product_id" integer,
	"user_id" integer,
	"reason" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_ledger_kind" CHECK ("allowance_ledger"."kind" in ('allotment', 'order', 'cancel', 'adjustment', 'expiry', 'rollover'))
);
--> statement-breakpoint
CREATE TABLE "allowance_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"period" text NOT NULL,
	"unit" text NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"over_balance" text DEFAULT 'refuse' NOT NULL,
	"rollover" boolean DEFAULT false NOT NULL,
	"warning_percent" integer DEFAULT 80 NOT NULL,
	"default_allotted" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowance_programmes_period" CHECK ("allowance_programmes"."period" in ('month', 'quarter', 'year')),
	CONSTRAINT "allowance_programmes_unit" CHECK ("allowance_programmes"."unit" in ('packs', 'dollars')),
	CONSTRAINT "allowance_programmes_scope" CHECK ("allowance_programmes"."scope" in ('all', 'categories', 'products')),
	CONSTRAINT "allowance_programmes_over" CHECK ("allowance_programmes"."over_balance" in ('refuse', 'approval', 'allow')),
	CONSTRAINT "allowance_programmes_warning" CHECK ("allowance_programmes"."warning_percent" between 0 and 100),
	CONSTRAINT "allowance_programmes_default" CHECK ("allowance_programmes"."default_allotted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "allowance_accounts" ADD CONSTRAINT "allowance_accounts_programme_id_allowance_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."allowance_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_accounts" ADD CONSTRAINT "allowance_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_department_defaults" ADD CONSTRAINT "allowance_department_defaults_programme_id_allowance_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."allowance_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_department_defaults" ADD CONSTRAINT "allowance_department_defaults_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_ledger" ADD CONSTRAINT "allowance_ledger_account_id_allowance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."allowance_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_ledger" ADD CONSTRAINT "allowance_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_ledger" ADD CONSTRAINT "allowance_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowance_programmes" ADD CONSTRAINT "allowance_programmes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowance_accounts_period_unique" ON "allowance_accounts" USING btree ("programme_id","user_id","period_start");--> statement-breakpoint
CREATE INDEX "allowance_accounts_period_idx" ON "allowance_accounts" USING btree ("programme_id","period_start");--> statement-breakpoint
CREATE INDEX "allowance_ledger_account_idx" ON "allowance_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "allowance_ledger_order_idx" ON "allowance_ledger" USING btree ("order_id");