import { MESSAGES, type QuantityRule, settleQuantity } from "@vetportal/contract";

/**
 * A typed pack quantity against the product's rule (SPEC §5; the contract's settleQuantity, which
 * the server's quote applies too): an empty or zero entry is no quantity at all; anything else
 * becomes the quantity the portal accepts, with what it did and why when that differs
 * ("Raised to the minimum of 5 packs."), so a quantity is never changed silently.
 */
export type QuantityCheck =
  | { kind: "empty" }
  | { kind: "ok"; quantity: number; corrected: boolean; message: string | null };

export function checkQuantity(value: number | string, rule: QuantityRule): QuantityCheck {
  const quantity = typeof value === "number" ? value : Number(value.trim());
  if (value === "" || !Number.isFinite(quantity) || quantity <= 0) return { kind: "empty" };
  const settled = settleQuantity(quantity, rule);
  if (settled.quantity <= 0) return { kind: "empty" };
  return {
    kind: "ok",
    quantity: settled.quantity,
    corrected: settled.quantity !== quantity,
    message: settled.message,
  };
}

/** A correction to the product's limits also gives the spec's range message (SPEC §5). */
export function withRange(message: string | null, min: number, max: number): string | null {
  if (!message) return null;
  return /minimum|maximum/.test(message) ? `${message} ${MESSAGES.quantityBetween(min, max)}` : message;
}
