import { describe, expect, it } from "vitest";
import { formatPst, formatUsDate } from "./format.ts";

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
