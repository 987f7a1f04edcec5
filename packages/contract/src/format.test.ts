import { describe, expect, it, vi } from "vitest";
import { formatPst, formatUsDate, portalDay } from "./format.ts";
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

describe("the time-zone formats", () => {
  it("are made at their first use, once, not as the module loads (decision 034, lever 34)", async () => {
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
      expect(made).toBe(0);
      expect(format.formatPst("2026-01-15T17:05:00Z")).toBe("01/15/2026 9:05 AM PST");
      format.formatPst("2026-01-16T17:05:00Z");
      expect(format.portalDay(new Date("2026-01-15T17:05:00Z"))).toBe("2026-01-15");
      format.portalDay(new Date("2026-01-16T17:05:00Z"));
      expect(made).toBe(2);
    } finally {
      Intl.DateTimeFormat = Original;
    }
  });
});
