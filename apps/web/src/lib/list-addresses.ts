import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AddressQueryRequestSchema, AddressSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "./api-client.ts";
import { lazySchema } from "./lazy-schema.ts";

// POST /api/address/query lists a user's own addresses (Account) and a department's (Departments),
// two features, so it lives in lib/ (STYLE §1).
export type AddressOwner = z.input<typeof AddressQueryRequestSchema>;

export const ADDRESSES_QUERY_KEY = ["addresses"] as const;

export function listAddresses(owner: AddressOwner, signal?: AbortSignal) {
  return apiData("/api/address/query", { body: owner, schema: lazySchema(() => z.array(AddressSchema)), signal });
}

export function addressesQueryOptions(owner: AddressOwner) {
  return queryOptions({
    queryKey: [...ADDRESSES_QUERY_KEY, owner.belong_to ?? "user", owner.owner_id ?? null],
    queryFn: ({ signal }) => listAddresses(owner, signal),
  });
}

/** The list shows its own error state. No owner (a department not chosen yet), no call. */
export function useAddresses(owner: AddressOwner, enabled = true) {
  return useQuery({ ...addressesQueryOptions(owner), enabled, meta: { handlesErrors: true } });
}
