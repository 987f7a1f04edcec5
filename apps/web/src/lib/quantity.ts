/**
 * The pack-quantity rule of SPEC §5, shared by the product page and the cart: below the minimum
 * becomes the minimum, above the maximum the maximum (either way the user is told), and an empty
 * or zero quantity is no quantity at all.
 */
export type QuantityCheck = { kind: "empty" } | { kind: "ok"; quantity: number; corrected: boolean };

export function checkQuantity(value: number | string, min: number, max: number): QuantityCheck {
  const quantity = typeof value === "number" ? value : Number(value.trim());
  if (value === "" || !Number.isFinite(quantity) || Math.trunc(quantity) <= 0) return { kind: "empty" };
  const whole = Math.trunc(quantity);
  if (whole < min) return { kind: "ok", quantity: min, corrected: true };
  if (whole > max) return { kind: "ok", quantity: max, corrected: true };
  return { kind: "ok", quantity: whole, corrected: whole !== quantity };
}
