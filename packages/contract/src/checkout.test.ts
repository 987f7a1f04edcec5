import { describe, expect, it } from "vitest";
import { allowedQuantities, priceTierFor, settleQuantity, unitPriceFor } from "./checkout.ts";

const ranges = [
  { min_quantity: 10, max_quantity: 24, price_cents: 1000 },
  { min_quantity: 1, max_quantity: 9, price_cents: 1200 },
  { min_quantity: 25, max_quantity: null, price_cents: 750 },
];

describe("price tiers", () => {
  it("charges the tier a quantity falls in, whatever the order of the ranges", () => {
    expect(unitPriceFor(ranges, 1)).toBe(1200);
    expect(unitPriceFor(ranges, 9)).toBe(1200);
    expect(unitPriceFor(ranges, 10)).toBe(1000);
    expect(unitPriceFor(ranges, 400)).toBe(750);
  });

  it("falls back to the closest tier below a gap, else the first, else nothing", () => {
    const gappy = [
      { min_quantity: 5, max_quantity: 9, price_cents: 900 },
      { min_quantity: 20, max_quantity: 30, price_cents: 700 },
    ];
    expect(priceTierFor(gappy, 12)?.price_cents).toBe(900);
    expect(priceTierFor(gappy, 31)?.price_cents).toBe(700);
    expect(priceTierFor(gappy, 2)?.price_cents).toBe(900);
    expect(unitPriceFor([], 3)).toBe(0);
  });
});

describe("settleQuantity", () => {
  const rule = { min_quantity: 5, max_quantity: 20 };

  it("accepts a whole quantity within the limits as it is", () => {
    expect(settleQuantity(7, rule)).toEqual({ quantity: 7, reason: null, message: null });
  });

  it("raises, lowers and rounds down, saying what it did", () => {
    expect(settleQuantity(2, rule)).toEqual({
      quantity: 5,
      reason: "below_min",
      message: "Raised to the minimum of 5 packs.",
    });
    expect(settleQuantity(0, rule).quantity).toBe(5);
    expect(settleQuantity(21, rule)).toMatchObject({ quantity: 20, reason: "above_max" });
    expect(settleQuantity(7.9, rule)).toEqual({
      quantity: 7,
      reason: "not_whole",
      message: "Rounded down to 7 packs: only whole packs can be ordered.",
    });
    // The last rule that changed it is the one given.
    expect(settleQuantity(3.5, rule)).toMatchObject({ quantity: 5, reason: "below_min" });
  });

  it("moves to the next quantity the product comes in, or the largest", () => {
    const listed = {
      ...rule,
      allowed: allowedQuantities({ use_quantities_dropdown: true, quantity_list: "10; 5, 15 x" }),
    };
    expect(listed.allowed).toEqual([5, 10, 15]);
    expect(settleQuantity(10, listed).reason).toBeNull();
    expect(settleQuantity(11, listed)).toEqual({
      quantity: 15,
      reason: "not_offered",
      message: "Changed to 15 packs: this product comes in 5, 10 or 15 packs.",
    });
    expect(settleQuantity(18, listed).quantity).toBe(15);
    expect(allowedQuantities({ use_quantities_dropdown: false, quantity_list: "5,10" })).toBeNull();
  });

  it("lowers to the stock, or to nothing when the stock is below the minimum", () => {
    expect(settleQuantity(12, { ...rule, in_stock: 8 })).toEqual({
      quantity: 8,
      reason: "not_enough_stock",
      message: "Lowered to 8 packs: only 8 packs in stock.",
    });
    expect(settleQuantity(12, { ...rule, in_stock: 3 })).toMatchObject({ quantity: 0, reason: "not_enough_stock" });
    expect(settleQuantity(12, { ...rule, in_stock: 0 }).message).toContain("none left");
    expect(settleQuantity(12, { ...rule, allowed: [5, 10], in_stock: 9 })).toMatchObject({ quantity: 5 });
    expect(settleQuantity(12, { ...rule, in_stock: null }).quantity).toBe(12);
  });
});
