import { describe, expect, it } from "vitest";
import { formatMoney } from "./format.ts";

const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

describe("formatMoney", () => {
  it("writes whole cents as Intl's en-US dollars do", () => {
    const edges = [0, 1, 9, 10, 99, 100, 101, 999, 1_000, 99_999, 100_000, 123_456_789, 1e13 - 1];
    let seed = 7;
    const random = Array.from({ length: 2_000 }, () => {
      seed = (seed * 48_271) % 2_147_483_647;
      return seed % 10 ** (1 + (seed % 13));
    });
    for (const cents of [...edges, ...random].flatMap((n) => [n, -n]).filter((n) => !Object.is(n, -0)))
      expect(formatMoney(cents), String(cents)).toBe(intl.format(cents / 100));
    expect(formatMoney(123_456)).toBe("$1,234.56");
    expect(formatMoney(-5)).toBe("-$0.05");
  });

  it("makes no Intl format for whole cents, and leaves the rest to Intl", () => {
    const Original = Intl.NumberFormat;
    let made = 0;
    Intl.NumberFormat = class extends Original {
      constructor(...args: ConstructorParameters<typeof Original>) {
        super(...args);
        made += 1;
      }
    } as typeof Intl.NumberFormat;
    try {
      formatMoney(42_00);
      expect(made).toBe(0);
      for (const odd of [12.5, -0.5, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e13, 2 ** 60])
        expect(formatMoney(odd), String(odd)).toBe(intl.format(odd / 100));
      expect(made).toBe(1);
    } finally {
      Intl.NumberFormat = Original;
    }
  });
});
