import { describe, expect, it } from "vitest";
import { addressDay } from "./address-day.ts";

describe("a day", () => {
  it("from an address, is a filter only as the API takes it: YYYY-MM-DD, real, in 1900–2100", () => {
    expect(addressDay("2026-01-31")).toBe("2026-01-31");
    for (const value of [null, undefined, "", "2026-02-30", "1500-01-01", "1/5/2026", "2026-1-5", " 2026-01-31"]) {
      expect(addressDay(value), String(value)).toBeUndefined();
    }
  });
});
