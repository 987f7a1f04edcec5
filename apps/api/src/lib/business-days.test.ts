import { formatUsDate } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { addBusinessDays, estimatedShipDay, isBusinessDay, isoDay, newYorkClock } from "./business-days.ts";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("business days", () => {
  it("skips weekends and federal holidays, observed on the nearest weekday", () => {
    expect(isBusinessDay(day("2026-11-20"))).toBe(true); // Friday
    expect(isBusinessDay(day("2026-11-21"))).toBe(false); // Saturday
    expect(isBusinessDay(day("2026-11-26"))).toBe(false); // Thanksgiving
    expect(isBusinessDay(day("2026-07-03"))).toBe(false); // July 4th 2026 is a Saturday: observed Friday
    expect(isBusinessDay(day("2027-01-01"))).toBe(false); // New Year's Day
  });

  it("adds business days across a holiday weekend", () => {
    // Wednesday before Thanksgiving + 2 business days = the Monday after (Thu holiday, Fri works).
    expect(addBusinessDays(day("2026-11-25"), 1).toISOString().slice(0, 10)).toBe("2026-11-27");
    expect(addBusinessDays(day("2026-11-25"), 2).toISOString().slice(0, 10)).toBe("2026-11-30");
  });
});

describe("estimated ship day (cut-off in New York time)", () => {
  it("ships today before the cut-off", () => {
    // 13:59 in New York (EST, UTC-5) with a 2 pm cut-off.
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-11-20T18:59:00Z"), 2)))).toBe("11/20/2026");
  });

  it("ships the next business day from the cut-off on", () => {
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-11-20T19:00:00Z"), 2)))).toBe("11/23/2026");
  });

  it("uses New York's date, not UTC's, late in the evening", () => {
    // 02:00 UTC on Friday is still Thursday 9 pm in New York: after cut-off → Friday.
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-11-20T02:00:00Z"), 3)))).toBe("11/20/2026");
  });

  it("follows daylight saving time", () => {
    // 17:30 UTC in July is 1:30 pm EDT: before a 2 pm cut-off on Wednesday 2026-07-15.
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-07-15T17:30:00Z"), 2)))).toBe("07/15/2026");
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-07-15T18:30:00Z"), 2)))).toBe("07/16/2026");
  });

  it("never ships on a weekend or holiday", () => {
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-11-26T15:00:00Z"), 2)))).toBe("11/27/2026");
    expect(formatUsDate(isoDay(estimatedShipDay(new Date("2026-11-21T15:00:00Z"), 2)))).toBe("11/23/2026");
  });

  it("reads each instant's own minute, though one reading serves a whole minute", () => {
    // The cut-off falls between two calls a second apart, then a call goes back a day.
    const clock = (iso: string) => {
      const { day: d, hour, minute } = newYorkClock(new Date(iso));
      return `${isoDay(d)} ${hour}:${minute}`;
    };
    expect(clock("2026-11-20T18:59:00Z")).toBe("2026-11-20 13:59");
    expect(clock("2026-11-20T18:59:59.999Z")).toBe("2026-11-20 13:59");
    expect(clock("2026-11-20T19:00:00Z")).toBe("2026-11-20 14:0");
    expect(clock("2026-11-19T19:00:00Z")).toBe("2026-11-19 14:0");
    // A caller changing the day it was given changes nobody else's.
    newYorkClock(new Date("2026-11-19T19:00:30Z")).day.setUTCDate(1);
    expect(clock("2026-11-19T19:00:45Z")).toBe("2026-11-19 14:0");
  });
});
