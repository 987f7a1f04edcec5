CREATE TABLE "report_product_days" (
	"customer_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"lines" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"total_price" bigint NOT NULL,
	"shipping_cost" bigint NOT NULL,
	"tax_amount" bigint NOT NULL,
	"pick_fee" bigint NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "report_product_days_customer_id_day_product_id_pk" PRIMARY KEY("customer_id","day","product_id")
);
