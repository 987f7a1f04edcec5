import { describe, expect, it } from "vitest";
import { checkQuantity, withRange } from "./quantity.ts";

const rule = { min_quantity: 5, max_quantity: 100, allowed: null, in_stock: null };

describe("checkQuantity", () => {
  it("treats an empty, zero, negative or non-numeric entry as no quantity", () => {
    for (const value of ["", "  ", "0", "-3", "abc", 0, Number.NaN]) {
      expect(checkQuantity(value, rule)).toEqual({ kind: "empty" });
    }
  });

  it("accepts a quantity inside the limits as it is", () => {
    expect(checkQuantity(" 12 ", rule)).toEqual({ kind: "ok", quantity: 12, corrected: false, message: null });
  });

  it("raises to the minimum and lowers to the maximum, saying so", () => {
    expect(checkQuantity(2, rule)).toEqual({
      kind: "ok",
      quantity: 5,
      corrected: true,
      message: "Raised to the minimum of 5 packs.",
    });
    const high = checkQuantity("250", rule);
    expect(high).toMatchObject({ kind: "ok", quantity: 100, corrected: true });
    expect(high.kind === "ok" && high.message).toMatch(/maximum of 100 packs/);
  });

  it("moves to the next quantity the product is offered in", () => {
    const check = checkQuantity(7, { ...rule, allowed: [5, 10, 25] });
    expect(check).toMatchObject({ kind: "ok", quantity: 10, corrected: true });
  });

  it("is no quantity when the stock cannot cover the minimum", () => {
    expect(checkQuantity(8, { ...rule, in_stock: 3 })).toEqual({ kind: "empty" });
  });
});

describe("withRange", () => {
  it("adds the range to a correction about the limits only", () => {
    expect(withRange("Raised to the minimum of 5 packs.", 5, 100)).toBe(
      "Raised to the minimum of 5 packs. Quantity must be between 5 and 100.",
    );
    expect(withRange("Changed to 10 packs: this product comes in 5, 10 packs.", 5, 100)).toBe(
      "Changed to 10 packs: this product comes in 5, 10 packs.",
    );
    expect(withRange(null, 5, 100)).toBeNull();
  });
});
