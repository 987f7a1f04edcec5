import { describe, expect, it, vi } from "vitest";
import { formatPst, formatPstByIntl, formatUsDate, portalDay, portalDayByIntl } from "./format.ts";
import { ALL_ORDER_STATUSES, ORDER_STATUS, ORDER_STATUSES, orderStatusName } from "./orders.ts";
import { USER_LEVEL, USER_LEVELS } from "./users.ts";

describe("formatUsDate", () => {
  it("shows a calendar day as MM/DD/YYYY", () => {
    expect(formatUsDate("2026-10-08")).toBe("10/08/2026");
    expect(formatUsDate("2026-10-08T12:00:00Z")).toBe("10/08/2026");
  });

  it("shows anything else as given, and nothing as empty", () => {
    expect(formatUsDate("soon")).toBe("soon");
    expect(formatUsDate(null)).toBe("");
    expect(formatUsDate(undefined)).toBe("");
  });
});

describe("formatPst", () => {
  it("shows an instant in Pacific time with the PST label", () => {
    expect(formatPst(new Date("2026-01-15T17:05:00Z"))).toBe("01/15/2026 9:05 AM PST");
    expect(formatPst("2026-07-04T03:30:00Z")).toBe("07/03/2026 8:30 PM PST");
  });

  it("shows a text that is no time as given", () => {
    expect(formatPst("not a time")).toBe("not a time");
  });
});

describe("portalDay", () => {
  it("is the calendar day in the portal's time zone, not UTC's", () => {
    expect(portalDay(new Date("2026-07-04T03:30:00Z"))).toBe("2026-07-03");
    expect(portalDay(new Date("2026-07-04T07:30:00Z"))).toBe("2026-07-04");
    expect(portalDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("enumerations (one map each)", () => {
  it("derive the ids, the list and the names from the one map", () => {
    expect(ORDER_STATUS.ACTIVE).toBe(1);
    expect(ORDER_STATUS.CANCELLED).toBe(2);
    expect(ORDER_STATUS.DESTROYED).toBe(3);
    expect(ORDER_STATUS.BACK_ORDERED).toBe(19);
    expect(orderStatusName(ORDER_STATUS.FULFILLMENT)).toBe("Fulfillment");
    expect(orderStatusName(99)).toBe("Status 99");
    expect(ALL_ORDER_STATUSES.map((s) => s.id).slice(-2)).toEqual([2, 3]);
    expect(ORDER_STATUSES.map((s) => s.id)).toEqual([1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21]);
    expect(USER_LEVELS).toEqual([
      { id: USER_LEVEL.USER, name: "User" },
      { id: USER_LEVEL.MANAGER, name: "Manager" },
      { id: USER_LEVEL.ADMINISTRATOR, name: "Administrator" },
    ]);
  });
});

describe("the Pacific times written without Intl (decision 034, lever 46)", () => {
  it("equal Intl's every 7 hours of 2007–2040 and every half hour of the weeks the clocks change", () => {
    const instants: number[] = [];
    for (let time = Date.UTC(2007, 0, 1); time < Date.UTC(2041, 0, 1); time += 7 * 3_600_000) instants.push(time);
    for (let year = 2007; year <= 2040; year++) {
      for (const [month, from, to] of [
        [2, 7, 16],
        [10, 1, 9],
      ] as const) {
        for (let time = Date.UTC(year, month, from); time < Date.UTC(year, month, to); time += 30 * 60_000)
          instants.push(time);
      }
    }
    const differ: string[] = [];
    for (const time of instants) {
      for (const instant of [new Date(time), new Date(time - 1)]) {
        const pst = formatPstByIntl(instant);
        if (formatPst(instant) !== pst) differ.push(`${instant.toISOString()}: ${formatPst(instant)} ≠ ${pst}`);
        if (portalDay(instant) !== portalDayByIntl(instant))
          differ.push(`${instant.toISOString()}: day ${portalDay(instant)}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(instants.length).toBeGreaterThan(60_000);
  });

  it("change clocks at 2:00 Pacific on March's second Sunday and November's first", () => {
    expect(formatPst("2026-03-08T09:59:00Z")).toBe("03/08/2026 1:59 AM PST");
    expect(formatPst("2026-03-08T10:00:00Z")).toBe("03/08/2026 3:00 AM PST");
    expect(formatPst("2026-11-01T08:59:00Z")).toBe("11/01/2026 1:59 AM PST");
    expect(formatPst("2026-11-01T09:00:00Z")).toBe("11/01/2026 1:00 AM PST");
    expect(formatPst("2026-12-31T23:30:00Z")).toBe("12/31/2026 3:30 PM PST");
    expect(formatPst("2027-01-01T07:59:00Z")).toBe("12/31/2026 11:59 PM PST");
    expect(formatPst("2027-01-01T08:00:00Z")).toBe("01/01/2027 12:00 AM PST");
  });

  it("leave a time before 2007 to Intl, whose format is made once, at its first use", async () => {
    const Original = Intl.DateTimeFormat;
    let made = 0;
    Intl.DateTimeFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.DateTimeFormat;
    try {
      vi.resetModules();
      const format = await import("./format.ts");
      expect(format.formatPst("2026-01-15T17:05:00Z")).toBe("01/15/2026 9:05 AM PST");
      expect(format.portalDay(new Date("2026-01-15T17:05:00Z"))).toBe("2026-01-15");
      expect(made).toBe(0);
      // 2006's daylight time began on April's first Sunday: April 2nd, not March 12th.
      expect(format.formatPst("2006-03-20T17:05:00Z")).toBe("03/20/2006 9:05 AM PST");
      expect(format.formatPst("2006-04-20T17:05:00Z")).toBe("04/20/2006 10:05 AM PST");
      expect(format.portalDay(new Date("2006-04-20T03:30:00Z"))).toBe("2006-04-19");
      format.portalDay(new Date("2006-04-21T03:30:00Z"));
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
