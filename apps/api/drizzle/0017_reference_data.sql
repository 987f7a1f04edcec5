-- Reference data lives in the migrations (issue 20, decision 029): the rows every database needs
-- before it can hold an order, whether or not the demo data is loaded. Until now only the demo seed
-- wrote them, into an empty database, so a status added to the contract passed every test and
-- failed on a real database at the foreign key. Each insert is idempotent: a database made by an
-- earlier release (which has these rows from its seed) keeps its own and gets only what it lacks.
-- The contract (packages/contract: ORDER_STATUSES, ORDER_STATUS_CANCELLED, USER_LEVELS) is the
-- source of the names: a name that differs is brought in line. A status or level added to the
-- contract later needs a new migration like this one (apps/api/test/reference-data.test.ts fails
-- until it has one).
INSERT INTO "user_levels" ("id", "name") VALUES
  (1, 'User'), (2, 'Manager'), (3, 'Administrator')
ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "updated" = now()
  WHERE "user_levels"."name" IS DISTINCT FROM EXCLUDED."name";
--> statement-breakpoint
INSERT INTO "order_statuses" ("id", "name") VALUES
  (1, 'Active'), (2, 'Cancelled'), (5, 'Shipped'), (6, 'Pending Approval'), (7, 'Pending Payment'),
  (8, 'Pending Proof Approval'), (9, 'Printing'), (10, 'Pre Press'), (11, 'Plating'),
  (12, 'Customer Service'), (13, 'Mailing'), (14, 'Bindery'), (15, 'Shipping'), (16, 'Fulfillment'),
  (17, 'In Production'), (18, 'On Hold'), (19, 'Back Ordered'), (20, 'Pending Services Group Approval'),
  (21, 'Pending Artwork')
ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name", "updated" = now()
  WHERE "order_statuses"."name" IS DISTINCT FROM EXCLUDED."name";
--> statement-breakpoint
-- Delivery methods and their charges are the business's to change: an existing row is left alone.
-- 1 is the method offered to every practice and 43 the one never offered (SPEC §6).
INSERT INTO "delivery_methods" ("id", "name", "remarks", "max_business_days", "shipping_cents") VALUES
  (1, 'UPS Ground', 'Up to 5 business days', 5, 1250),
  (2, 'UPS 2nd Day Air', '2 business days', 2, 2800),
  (3, 'UPS Next Day Air', 'Next business day', 1, 4500),
  (4, 'FedEx Ground', 'Up to 5 business days', 5, 1150),
  (5, 'FedEx 2Day', '2 business days', 2, 2700),
  (6, 'LTL Freight', 'Pallet shipments, up to 7 business days', 7, 15000),
  (43, 'Will Call (warehouse pickup)', 'Internal use only; never offered', 0, 0)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
-- The sponsoring customer account the portal serves by default (CUSTOMER_ID 1850) and its list of
-- delivery methods (offered in full to the configured admin user). A database whose operator
-- renamed the customer or changed the list keeps its own.
INSERT INTO "customers" ("id", "name") VALUES (1850, 'Companion Animal Health Partners')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "customer_delivery_methods" ("customer_id", "delivery_method_id", "sort_order")
SELECT 1850, "id", "sort_order" FROM (VALUES (1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (43, 6)) AS m ("id", "sort_order")
WHERE NOT EXISTS (SELECT 1 FROM "customer_delivery_methods" WHERE "customer_id" = 1850);
