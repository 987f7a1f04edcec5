import { describe, expect, it } from "vitest";
import { ProductFormSchema } from "./inventory.ts";
import { dbCents, dollarsToCents, PRIMITIVE_MESSAGES } from "./primitives.ts";

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("dollarsToCents: dollars as typed become cents exactly, never rounded (issue 22 §6)", () => {
  it.each([
    ["4.25", 425],
    [4.25, 425],
    ["4.250", 425],
    [0.29, 29], // 0.29 * 100 is 28.999999999999996 in floating point
    [1.005, 100.5], // Math.round(1.005 * 100) gives 100: a silent change
    ["12", 1200],
    ["12.5", 1250],
    [".5", 50],
    ["7.", 700],
    ["1,234.5".replace(",", ""), 123450],
    ["-3.10", -310],
  ])("%j dollars is %j cents", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([
    ["4.255", 425.5],
    [4.255, 425.5],
    ["0.001", 0.1],
    ["19.999", 1999.9],
  ])("keeps the fraction of a cent of %j (%j cents) for the schema to refuse", (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBeCloseTo(cents, 9);
    expect(Number.isInteger(dollarsToCents(dollars))).toBe(false);
  });

  it.each(["", " ", "abc", "4.2.5", "$4", "-", "."])("reads %j as no amount (NaN)", (dollars) => {
    expect(dollarsToCents(dollars)).toBeNaN();
  });
});

describe("dbCents: money on the wire is whole cents", () => {
  it("accepts whole cents and refuses a fraction of a cent with the dollars-and-cents message", () => {
    expect(dbCents("Enter the price").safeParse(425).success).toBe(true);
    expect(firstMessage(dbCents("Enter the price").safeParse(425.5))).toBe(
      "Enter the price in dollars and cents, e.g. 4.25",
    );
    expect(PRIMITIVE_MESSAGES.dollarsAndCents).toBe("Enter the price in dollars and cents, e.g. 4.25");
    expect(firstMessage(dbCents("Enter the price").safeParse(null))).toBe("Enter the price");
  });
});

describe("the product form's money fields", () => {
  const product = {
    name: "Rabbit Care Basics",
    product_category_id: 2103,
    package_quantity: 50,
    min_quantity: 1,
    max_quantity: 20,
    price_ranges: [
      { min_quantity: 1, max_quantity: 9, price_cents: 3900 },
      { min_quantity: 10, max_quantity: null, price_cents: 3500 },
    ],
    pick_fees: 30,
  };
  const fields = (input: unknown) =>
    Object.fromEntries(
      (ProductFormSchema.safeParse(input).error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]),
    );

  it("keeps whole cents as they are", () => {
    const parsed = ProductFormSchema.parse(product);
    expect(parsed.price_ranges.map((range) => range.price_cents)).toEqual([3900, 3500]);
    expect(parsed.pick_fees).toBe(30);
  });

  it("refuses a third decimal in a range's price and in the pick fee, each on its field", () => {
    const input = {
      ...product,
      price_ranges: [product.price_ranges[0], { ...product.price_ranges[1], price_cents: dollarsToCents("4.255") }],
      pick_fees: dollarsToCents("0.305"),
    };
    expect(fields(input)).toEqual({
      "price_ranges.1.price_cents": "Enter the price in dollars and cents, e.g. 4.25",
      pick_fees: "Enter the pick fee in dollars and cents, e.g. 0.30",
    });
  });
});
