CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"order_product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "blank_product_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "production_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "production_status_id" integer;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_products" ADD COLUMN "date_shipped" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "shipment_of" integer;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_lines_shipment_line_idx" ON "shipment_lines" USING btree ("shipment_id","order_product_id");--> statement-breakpoint
CREATE INDEX "shipment_lines_line_idx" ON "shipment_lines" USING btree ("order_product_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_blank_product_id_products_id_fk" FOREIGN KEY ("blank_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_production_status_id_order_statuses_id_fk" FOREIGN KEY ("production_status_id") REFERENCES "public"."order_statuses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_shipment_of_shipments_id_fk" FOREIGN KEY ("shipment_of") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_products" ADD CONSTRAINT "order_products_shipped_within_ordered" CHECK ("order_products"."shipped_quantity" >= 0 and "order_products"."shipped_quantity" + "order_products"."cancelled_quantity" <= "order_products"."quantity");--> statement-breakpoint
-- custom: lines of orders shipped before lines shipped on their own count as shipped whole, on the order's day
UPDATE "order_products" l SET "shipped_quantity" = l."quantity" - l."cancelled_quantity", "date_shipped" = o."date_shipped"
FROM "orders" o WHERE o."id" = l."order_id" AND o."order_status_id" = 5 AND l."shipped_quantity" = 0;
