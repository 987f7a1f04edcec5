import { PORTAL_TIME_ZONE } from "./reports.ts";

/** Display formats both ends use: the spec's MM/DD/YYYY days and PST order times (SPEC §9). */

/** "2026-10-08" (a calendar day) → "10/08/2026"; anything else is shown as given. */
export function formatUsDate(day: string | null | undefined): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
}

const HOUR_MS = 3_600_000;
const two = (n: number) => String(n).padStart(2, "0");

/**
 * The wall clock in PORTAL_TIME_ZONE (US Pacific) at an instant, read with the getUTC… methods; or
 * undefined before 2007. It follows the US rules in force since 2007: daylight time (UTC−7) from
 * 2:00 on March's second Sunday to 2:00 on November's first Sunday, standard time (UTC−8) otherwise.
 * Written out because a time zone's first Intl format loads ICU's zone data: ~25 ms of this
 * machine's main thread, four times that on a phone, on every page that shows a time (decision 034,
 * lever 46). Earlier years had other rules and go to Intl; `format.test.ts` holds the two equal
 * over 2007–2040.
 */
function pacificWallClock(instant: Date): Date | undefined {
  const year = instant.getUTCFullYear();
  if (year < 2007) return undefined;
  const sunday = (month: number, nth: number) =>
    1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7) + 7 * (nth - 1);
  const daylightFrom = Date.UTC(year, 2, sunday(2, 2), 2 + 8);
  const daylightUntil = Date.UTC(year, 10, sunday(10, 1), 2 + 7);
  const time = instant.getTime();
  return new Date(time - (time >= daylightFrom && time < daylightUntil ? 7 : 8) * HOUR_MS);
}

// Intl's formats, made at their first use (decision 034, lever 34).
let portalDayFormat: Intl.DateTimeFormat | undefined;
let pacific: Intl.DateTimeFormat | undefined;

/** portalDay as Intl writes it: for times before 2007, and what `format.test.ts` holds the rule above to. */
export function portalDayByIntl(instant: Date): string {
  portalDayFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: PORTAL_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return portalDayFormat.format(instant);
}

/** formatPst as Intl writes it: for times before 2007, and what `format.test.ts` holds the rule above to. */
export function formatPstByIntl(instant: Date): string {
  pacific ??= new Intl.DateTimeFormat("en-US", {
    timeZone: PORTAL_TIME_ZONE,
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return `${pacific.format(instant).replace(",", "")} PST`;
}

/**
 * The portal-calendar day (PORTAL_TIME_ZONE) of an instant, YYYY-MM-DD; without one, today in the
 * portal's time zone. The one copy for both ends; SQL's twin is `portalToday()` in
 * apps/api/src/lib/portal-days.ts (the database's clock).
 */
export function portalDay(instant: Date = new Date()): string {
  const wall = pacificWallClock(instant);
  if (!wall) return portalDayByIntl(instant);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
}

/** An order time with the spec's PST label, "10/08/2026 9:05 AM PST"; a text that is no time is shown as given. */
export function formatPst(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const wall = pacificWallClock(date);
  if (!wall) return formatPstByIntl(date);
  const hour = wall.getUTCHours();
  const day = `${two(wall.getUTCMonth() + 1)}/${two(wall.getUTCDate())}/${wall.getUTCFullYear()}`;
  return `${day} ${hour % 12 || 12}:${two(wall.getUTCMinutes())} ${hour < 12 ? "AM" : "PM"} PST`;
}
