import { queryOptions, useQuery } from "@tanstack/react-query";
import { CustomerSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/customer/query (SPEC §7): the portal's customer with the delivery methods this user may
 * choose (SPEC §6: the server decides which).
 */
export function getCustomer(signal?: AbortSignal) {
  return apiData("/api/customer/query", { body: {}, schema: CustomerSchema, signal });
}

export function customerQueryOptions() {
  return queryOptions({
    queryKey: ["customer"],
    queryFn: ({ signal }) => getCustomer(signal),
    staleTime: 10 * 60 * 1000,
  });
}

/** The shipping form shows its own error state, so no toast. */
export function useCustomer() {
  return useQuery({ ...customerQueryOptions(), meta: { handlesErrors: true } });
}
