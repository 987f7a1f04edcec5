/** The same calendar day a number of months earlier (clamped to the month's last day). */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}

// Made at its first use, not as the report's code loads (decision 034, lever 34).
let monthLabel: Intl.DateTimeFormat | undefined;

/** "2026-01" → "Jan 2026" (the inventory chart's x axis). */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  monthLabel ??= new Intl.DateTimeFormat("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  return monthLabel.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}
