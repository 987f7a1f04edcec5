CREATE TABLE "report_inventory_days" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"replenished" integer NOT NULL,
	"removed" integer NOT NULL,
	"sold" integer NOT NULL,
	"canceled" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_inventory_days_product_id_day_pk" PRIMARY KEY("product_id","day")
);
