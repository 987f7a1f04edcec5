import { queryOptions } from "@tanstack/react-query";
import { type DeskOrderListRequest, DeskOrderListSchema, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";
import { useListQuery } from "../../../lib/list-query.ts";

const ListResponseSchema = okSchema(DeskOrderListSchema);

/** POST /api/fulfilment/list: the order desk's page, with the per-status counts for its tabs. */
export function listDeskOrders(filter: DeskOrderListRequest, signal?: AbortSignal) {
  return apiRequest("/api/fulfilment/list", { body: filter, schema: ListResponseSchema, signal }).then((r) => r.data);
}

/** Every desk list: what a change to an order invalidates. */
export const deskListQueryKey = ["order-desk", "list"] as const;

export function deskOrdersQueryOptions(filter: DeskOrderListRequest) {
  return queryOptions({
    queryKey: [...deskListQueryKey, filter],
    queryFn: ({ signal }) => listDeskOrders(filter, signal),
    staleTime: 0,
  });
}

/** The page shows its own error state; the previous page stays on screen while the next loads. */
export function useDeskOrders(filter: DeskOrderListRequest) {
  return useListQuery(deskOrdersQueryOptions(filter));
}
