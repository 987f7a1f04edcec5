import { queryOptions, useQuery } from "@tanstack/react-query";
import { OrderDetailSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/** POST /api/order/query (SPEC §7): one order with its lines; 404 for an order the user may not see. */
export function getOrder(id: number, signal?: AbortSignal) {
  return apiData("/api/order/query", { body: { id }, schema: OrderDetailSchema, signal });
}

export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["orders", "detail", id],
    queryFn: ({ signal }) => getOrder(id, signal),
    // Status and the cancel window change on the server: always check again when the page opens.
    staleTime: 0,
  });
}

/** The page shows not-found and other failures itself, so no toast. No id, no call. */
export function useOrder(id: number | undefined) {
  return useQuery({ ...orderQueryOptions(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
