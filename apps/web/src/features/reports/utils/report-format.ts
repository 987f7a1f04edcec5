import { formatPst, formatUsDate } from "../../../lib/format.ts";

const counts = new Intl.NumberFormat("en-US");

/** Packs, rows, orders: grouped digits. */
export function formatCount(value: number | null | undefined): string {
  return value === null || value === undefined ? "—" : counts.format(value);
}

/** A signed change of stock: +25, −5 (with a real minus sign), 0. */
export function formatSigned(value: number): string {
  if (value > 0) return `+${counts.format(value)}`;
  if (value < 0) return `−${counts.format(-value)}`;
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
