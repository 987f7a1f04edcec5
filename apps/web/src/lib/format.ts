/** Display formats shared by the pages: money from cents; days and PST order times come from the contract. */

export { formatPst, formatUsDate } from "@vetportal/contract";

// Made at its first use, for what formatMoney does not write itself (decision 034, lever 34).
let usd: Intl.NumberFormat | undefined;

/**
 * "$1,234.56" from 123456 cents, as `Intl.NumberFormat("en-US", { style: "currency", currency:
 * "USD" })` writes it. A whole number of cents is written here without a format: a page's first
 * Intl format loads ICU's locale data, about 25 ms of this machine's main thread and four times that
 * on a phone, inside the first render of every page that shows a price (decision 034, lever 44).
 * Anything else (a fraction of a cent, -0, NaN, $100 billion or more) goes to Intl; `format.test.ts` holds the two equal.
 */
export function formatMoney(cents: number): string {
  if (Number.isInteger(cents) && Math.abs(cents) < 1e13 && !Object.is(cents, -0)) {
    const whole = Math.abs(cents);
    const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return `${cents < 0 ? "-" : ""}$${dollars}.${String(whole % 100).padStart(2, "0")}`;
  }
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return usd.format(cents / 100);
}
