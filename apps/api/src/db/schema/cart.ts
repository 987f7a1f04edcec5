import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { refersTo, timestamps } from "./columns.ts";
import { proofs } from "./print.ts";
import { users } from "./users.ts";

/**
 * A user's cart kept on the server (issue 11, decision 021): it survives sign-out, other tabs and
 * other computers. The row is the cart's lock: every change of a cart first takes it (an upsert
 * that raises `revision`), so concurrent writes of one user's cart run one after the other.
 */
export const carts = pgTable("carts", {
  user_id: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** Raised by every change, so a client can tell a stale answer from a newer one. */
  revision: integer().notNull().default(0),
  ...timestamps,
});

export const cart_items = pgTable(
  "cart_items",
  {
    user_id: refersTo(() => carts.user_id, "cascade"),
    product_id: refersTo(() => products.id, "cascade"),
    quantity: integer().notNull(),
    /** Where the line is listed: lines keep the order they were added in. */
    position: integer().notNull().default(0),
    /** Marked for destruction (SPEC §4 "Destroy product"). */
    is_destroy: boolean().notNull().default(false),
    /** A personalised line: the proof the practice approved for it (issue 24). */
    proof_id: integer().references(() => proofs.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.product_id] }),
    check("cart_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
