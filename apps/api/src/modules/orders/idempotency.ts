import { createHash } from "node:crypto";
import type { PlaceOrderBody } from "@vetportal/contract";
import type { Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as checkoutRepo from "./checkout.repository.ts";

/** A key whose first request has stored no order (yet). */
export const KEY_IN_USE = "This order is already being placed. Please wait a moment.";

/** JSON with the keys of every object sorted and undefined members left out: one text per request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** SHA-256 of the parsed request (after the contract's schema: unknown fields gone, text trimmed). */
export const requestHash = (input: unknown) => createHash("sha256").update(canonicalJson(input)).digest("hex");

/**
 * What a request gets whose Idempotency-Key was taken already (DESIGN §6): the key used before with
 * this same request gives back its order; with another request it is refused (422, as the IETF
 * idempotency-key draft asks). Keys stored before request hashes existed (null) keep answering
 * with their order.
 */
export function answerTakenKey(taken: { orderId: number | null; requestHash: string | null }, hash: string) {
  if (taken.requestHash !== null && taken.requestHash !== hash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
  if (taken.orderId) return { id: taken.orderId, replayed: true };
  throw new AppError("CONFLICT", KEY_IN_USE);
}

/** Claims the Idempotency-Key first thing in a destroy order's transaction; without a key there is nothing to claim. */
export async function claimKey(tx: Executor, userId: number, key: string | undefined, input: PlaceOrderBody) {
  if (!key) return {};
  const hash = requestHash(input);
  const claim = await checkoutRepo.claimIdempotencyKey(tx, userId, key, hash);
  if (claim.claimed) return { keyId: claim.keyId };
  return { replay: answerTakenKey(claim, hash) };
}
