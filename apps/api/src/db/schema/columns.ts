import { type AnyPgColumn, customType, integer, timestamp } from "drizzle-orm/pg-core";

/** Every table carries created/updated times (STYLE §6). */
export const timestamps = {
  created: timestamp({ withTimezone: true }).defaultNow().notNull(),
  updated: timestamp({ withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};

/**
 * A required integer reference to another table's column, e.g. `customer_id: refersTo(() => customers.id)`;
 * `onDelete` is the foreign key's rule when the row it points at goes (none: the delete is refused).
 */
export const refersTo = (column: () => AnyPgColumn, onDelete?: "cascade" | "set null") =>
  integer()
    .notNull()
    .references(column, onDelete ? { onDelete } : {});

/** Binary content kept in the database (uploaded images, print templates), so every API process sees it. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});
