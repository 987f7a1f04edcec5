import { PORTAL_TIME_ZONE } from "./reports.ts";

/** Display formats both ends use: the spec's MM/DD/YYYY days and PST order times (SPEC §9). */

/** "2026-10-08" (a calendar day) → "10/08/2026"; anything else is shown as given. */
export function formatUsDate(day: string | null | undefined): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
}

// The formats are made at their first use, not as a module loads: a time zone's format costs a
// phone's main thread ~10 ms to make, on every page that loads this module (decision 034, lever 34).
let portalDayFormat: Intl.DateTimeFormat | undefined;

/**
 * The portal-calendar day (PORTAL_TIME_ZONE) of an instant, YYYY-MM-DD; without one, today in the
 * portal's time zone. The one copy for both ends; SQL's twin is `portalToday()` in
 * apps/api/src/lib/portal-days.ts (the database's clock).
 */
export function portalDay(instant: Date = new Date()): string {
  portalDayFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: PORTAL_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  return portalDayFormat.format(instant);
}

/**
 * How formatPst's format is made. The web's boot script makes one of these while the page's code
 * downloads (apps/web/build/boot-preload.ts, `warmDateFormat`), so the first render does not load
 * ICU's data (decision 034, lever 45).
 */
export const PACIFIC_TIME_FORMAT: readonly [locale: string, options: Intl.DateTimeFormatOptions] = [
  "en-US",
  { timeZone: PORTAL_TIME_ZONE, month: "2-digit", day: "2-digit", year: "numeric", hour: "numeric", minute: "2-digit" },
];

let pacific: Intl.DateTimeFormat | undefined;

/** An order time with the spec's PST label, "10/08/2026 9:05 AM PST"; a text that is no time is shown as given. */
export function formatPst(value: Date | string): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  pacific ??= new Intl.DateTimeFormat(...PACIFIC_TIME_FORMAT);
  return `${pacific.format(date).replace(",", "")} PST`;
}
