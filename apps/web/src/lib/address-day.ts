import { isCalendarDate, isInDateRange } from "@vetportal/contract";

/**
 * A day from a page's address (?from=2026-01-31) as it is, when it is one the API takes: a real day
 * as YYYY-MM-DD in 1900–2100 (the contract's `IsoDateSchema` rules; the calendar check refuses any
 * other format). Anything else (02/30, the year 1500, 1/5/2026) is no filter, rather than a request
 * the API refuses.
 */
export function addressDay(value: string | null | undefined): string | undefined {
  return value && isCalendarDate(value) && isInDateRange(value) ? value : undefined;
}
