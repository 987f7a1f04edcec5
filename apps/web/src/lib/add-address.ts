import { type AddressRequestSchema, AddressSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "./api-client.ts";
import { ADDRESSES_QUERY_KEY } from "./list-addresses.ts";
import { useRefreshingMutation } from "./refreshing-mutation.ts";

// POST /api/address/add: a user's own address (Account) or a department's (Departments), two
// features, so it lives in lib/ (STYLE §1).
export type AddressRequest = z.input<typeof AddressRequestSchema>;

export function addAddress(body: AddressRequest) {
  return apiData("/api/address/add", { body, schema: AddressSchema });
}

/** The form shows success and failure itself (field errors land on it), so no global toast. */
export function useAddAddress() {
  return useRefreshingMutation(addAddress, [ADDRESSES_QUERY_KEY], { handlesErrors: true });
}
