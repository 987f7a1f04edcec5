import { describe, expect, it } from "vitest";
import { periodBalanceText } from "./balance-words.ts";

describe("periodBalanceText", () => {
  it("says what is left while the balance is not below zero", () => {
    expect(periodBalanceText({ left: 14, allotted: 40, unit: "packs", period: "quarter" })).toBe(
      "14 of 40 packs left this quarter",
    );
    expect(periodBalanceText({ left: 0, allotted: 40, unit: "packs", period: "month" })).toBe(
      "0 of 40 packs left this month",
    );
    expect(periodBalanceText({ left: 1400, allotted: 4000, unit: "dollars", period: "year" })).toBe(
      "$14.00 of $40.00 left this year",
    );
  });

  it("says how far over the balance is below zero, never a negative figure left", () => {
    expect(periodBalanceText({ left: -57, allotted: 40, unit: "packs", period: "quarter" })).toBe(
      "57 packs over this quarter",
    );
    expect(periodBalanceText({ left: -1, allotted: 40, unit: "packs", period: "quarter" })).toBe(
      "1 pack over this quarter",
    );
    expect(periodBalanceText({ left: -570, allotted: 4000, unit: "dollars", period: "month" })).toBe(
      "$5.70 over this month",
    );
  });
});
