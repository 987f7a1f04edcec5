import { z } from "zod";
import { MESSAGES } from "./messages.ts";

/**
 * Error codes (DESIGN §4, STYLE §5). The API maps each code to an HTTP status through ERROR_STATUS;
 * the web client turns any failure body into one ApiError carrying the code.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  UNAUTHENTICATED: 401,
  SESSION_EXPIRED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  ALLOWANCE_EXCEEDED: 409,
  BELOW_MIN_QUANTITY: 409,
  ABOVE_MAX_QUANTITY: 409,
  QUANTITY_NOT_OFFERED: 409,
  PRODUCT_UNAVAILABLE: 409,
  CANCEL_WINDOW_CLOSED: 409,
  DESTROY_ORDER_FINAL: 409,
  DELIVERY_METHOD_NOT_ALLOWED: 409,
  ADDRESS_NOT_DELIVERABLE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  EXPORTS_BUSY: 503,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** Default message per code, used when the server has nothing more specific to say. */
export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: MESSAGES.validationFailed,
  INVALID_CREDENTIALS: MESSAGES.loginFailed,
  UNAUTHENTICATED: MESSAGES.unauthenticated,
  SESSION_EXPIRED: MESSAGES.sessionExpired,
  FORBIDDEN: MESSAGES.forbidden,
  NOT_FOUND: MESSAGES.notFound,
  METHOD_NOT_ALLOWED: "This address does not take that method: see the Allow header.",
  CONFLICT: "This change conflicts with the current data.",
  OUT_OF_STOCK: "This product is out of stock.",
  ALLOWANCE_EXCEEDED: "This order is over your allowance.",
  BELOW_MIN_QUANTITY: "The quantity is below the product's minimum.",
  ABOVE_MAX_QUANTITY: "The quantity is above the product's maximum.",
  QUANTITY_NOT_OFFERED: "This product is not offered in that quantity.",
  PRODUCT_UNAVAILABLE: "This product is no longer available.",
  CANCEL_WINDOW_CLOSED: "This order can no longer be cancelled.",
  DESTROY_ORDER_FINAL: MESSAGES.destroyOrderFinal,
  DELIVERY_METHOD_NOT_ALLOWED: "This delivery method is not available.",
  ADDRESS_NOT_DELIVERABLE: MESSAGES.addressNotDeliverable,
  IDEMPOTENCY_KEY_REUSED:
    "This Idempotency-Key was already used for a different order. Check your orders before placing it again: a new order needs a new key.",
  PAYLOAD_TOO_LARGE: "The request is too large.",
  UNSUPPORTED_MEDIA_TYPE: "The request body must be JSON or form data.",
  RATE_LIMITED: MESSAGES.loginRateLimited,
  EXPORTS_BUSY: "Other downloads are running right now. Please try again in a moment.",
  INTERNAL: MESSAGES.internalError,
  DATABASE_UNAVAILABLE: MESSAGES.databaseUnavailable,
};

/** Failure body: `{ result: 0, error: { code, message, fields? } }` (DESIGN §4). */
export const ErrorBodySchema = z.object({
  result: z.literal(0),
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    /** Per-field messages, keyed by the payload's field name (dot path for nested fields). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Success body: `{ result: 1, data, found_rows? }` (DESIGN §4). */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ result: z.literal(1), data, found_rows: z.number().int().nonnegative().optional() });
}

/** The answer of every create or update: the row's id (`{ result: 1, data: { id } }`). */
export const IdResultSchema = z.object({ id: z.number().int() });
export type IdResult = z.infer<typeof IdResultSchema>;

/** A named choice in a list (departments, cost centers, statuses, categories). */
export const IdNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof IdNameSchema>;

/** Numeric flags on the wire are 0/1 as in the legacy calls; booleans and "1"/"0" from forms are accepted. */
export const FlagSchema = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(["0", "1", "true", "false"])])
  .transform((v) => v === 1 || v === true || v === "1" || v === "true");
