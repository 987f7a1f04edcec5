/** Display formats shared by the pages: money from cents; days and PST order times come from the contract. */

export { formatPst, formatUsDate } from "@vetportal/contract";

// Made at its first use, not as the shell loads (decision 034, lever 34).
let usd: Intl.NumberFormat | undefined;

export function formatMoney(cents: number): string {
  usd ??= new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
  return usd.format(cents / 100);
}
