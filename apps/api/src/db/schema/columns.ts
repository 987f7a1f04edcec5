import { timestamp } from "drizzle-orm/pg-core";

/** Every table carries created/updated times (STYLE §6). */
export const timestamps = {
  created: timestamp({ withTimezone: true }).defaultNow().notNull(),
  updated: timestamp({ withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date()),
};
