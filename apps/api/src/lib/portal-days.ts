import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { type Placeholder, type SQL, sql } from "drizzle-orm";

/**
 * Calendar days of the portal (PORTAL_TIME_ZONE) as timestamptz bounds, for date filters on
 * timestamptz columns: `created >= dayStart(from) and created < dayEnd(to)` takes both days whole.
 * Reports, My Orders and the order desk filter the same way. The day may be a placeholder (a
 * statement prepared once per shape, db/prepared.ts).
 */
export const dayStart = (day: string | Placeholder): SQL =>
  sql`(${day}::date::timestamp at time zone ${PORTAL_TIME_ZONE})`;
/** Start of the day after. */
export const dayEnd = (day: string | Placeholder): SQL =>
  sql`((${day}::date + 1)::timestamp at time zone ${PORTAL_TIME_ZONE})`;
/** Today's date in the portal's time zone, on the database's clock. */
export const portalToday = (): SQL => sql`(now() at time zone ${PORTAL_TIME_ZONE})::date`;
