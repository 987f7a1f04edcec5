import { REPLICA_LAG_NOTE_SECONDS, type ReportFreshness } from "@vetportal/contract";
import { formatPst, formatUsDate } from "../../../lib/format.ts";

// Made at its first use, not as the report's code loads (decision 034, lever 34).
let counts: Intl.NumberFormat | undefined;
const count = (value: number) => {
  counts ??= new Intl.NumberFormat("en-US");
  return counts.format(value);
};

/** Packs, rows, orders: grouped digits. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : count(value);
}

/** A signed change of stock: +25, −5 (with a real minus sign), 0. */
export function formatSigned(value: number): string {
  if (value > 0) return `+${count(value)}`;
  if (value < 0) return `−${count(-value)}`;
  return "0";
}

/**
 * A report date: a calendar day (YYYY-MM-DD) as MM/DD/YYYY; a moment in time in the portal's time
 * zone with its PST label, as the order pages show them (SPEC §9). Empty is a dash.
 */
export function formatReportDate(value: string | null | undefined): string {
  if (!value) return "—";
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatUsDate(value);
  return formatPst(value);
}

/** A moment as two lines for a narrow column: the day, and the time with its PST label. */
export function splitReportDate(value: string | null | undefined): { day: string; time: string } {
  const text = formatReportDate(value);
  const space = text.indexOf(" ");
  return space < 0 ? { day: text, time: "" } : { day: text.slice(0, space), time: text.slice(space + 1) };
}

/** How far behind, roughly: "3 min", "2 h". */
function formatBehind(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

/**
 * What the report page says about its figures when they come from a replica that lags the primary
 * by more than REPLICA_LAG_NOTE_SECONDS (docs/decisions/025): "Figures as of 10:42 AM PST (replica
 * 3 min behind)"; null when they are current. The day is left out unless the lag reaches back a day.
 */
export function freshnessNote(freshness: ReportFreshness | undefined): string | null {
  const lag = freshness?.replica_lag_seconds;
  if (!freshness || lag === null || lag === undefined || lag <= REPLICA_LAG_NOTE_SECONDS) return null;
  const at = lag < 12 * 3600 ? splitReportDate(freshness.as_of).time : formatReportDate(freshness.as_of);
  return `Figures as of ${at} (replica ${formatBehind(lag)} behind)`;
}
