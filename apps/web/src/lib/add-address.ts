import { type AddressRequestSchema, AddressSchema, okSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiRequest } from "./api-client.ts";
import { ADDRESSES_QUERY_KEY } from "./list-addresses.ts";
import { useRefreshingMutation } from "./refreshing-mutation.ts";

// POST /api/address/add: a user's own address (Account) or a department's (Departments), two
// features, so it lives in lib/ (STYLE §1).
export type AddressRequest = z.input<typeof AddressRequestSchema>;

const AddressResponseSchema = okSchema(AddressSchema);

export function addAddress(body: AddressRequest) {
  return apiRequest("/api/address/add", { body, schema: AddressResponseSchema }).then((response) => response.data);
}

/** The form shows success and failure itself (field errors land on it), so no global toast. */
export function useAddAddress() {
  return useRefreshingMutation(addAddress, [ADDRESSES_QUERY_KEY], { handlesErrors: true });
}
