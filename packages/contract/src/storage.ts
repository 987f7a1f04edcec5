/**
 * Browser storage keys (SPEC §3). Apart from the schemas, so the web app's first load reads them
 * without loading zod (decision 016).
 */
export const STORAGE_KEYS = { session: "userDetails", privileges: "privileges", profile: "PROFILE" } as const;

/** Session-storage key of the cart (SPEC §3 "The cart lives in session storage"). */
export const CART_STORAGE_KEY = "cart";
