/** Display formats shared by the pages: money from cents, the spec's MM/DD/YYYY dates, PST order times. */

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}

/** "2026-10-08" (a calendar day) → "10/08/2026"; anything else is shown as given. */
export function formatUsDate(day: string | null | undefined): string {
  if (!day) return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(day);
  return match ? `${match[2]}/${match[3]}/${match[1]}` : day;
}

/** Order times carry the spec's PST label (SPEC §9), formatted as the API formats order_created. */
const pacific = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/Los_Angeles",
  month: "2-digit",
  day: "2-digit",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function formatPst(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${pacific.format(date).replace(",", "")} PST`;
}
