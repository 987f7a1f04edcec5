/** Display formats shared by the pages: money from cents; days and PST order times come from the contract. */

export { formatPst, formatUsDate } from "@vetportal/contract";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export function formatMoney(cents: number): string {
  return usd.format(cents / 100);
}
