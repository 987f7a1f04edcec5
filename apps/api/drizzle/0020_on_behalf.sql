ALTER TABLE "orders" ADD COLUMN "placed_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_for_user_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_for_user_id_users_id_fk" FOREIGN KEY ("acting_for_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
