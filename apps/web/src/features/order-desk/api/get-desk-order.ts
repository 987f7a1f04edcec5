import { queryOptions, useQuery } from "@tanstack/react-query";
import { DeskOrderSchema, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

export const DeskOrderResponseSchema = okSchema(DeskOrderSchema);

/** POST /api/fulfilment/query: the staff view of one order, with the actions its status allows. */
export function getDeskOrder(id: number, signal?: AbortSignal) {
  return apiRequest("/api/fulfilment/query", { body: { id }, schema: DeskOrderResponseSchema, signal }).then(
    (r) => r.data,
  );
}

export function deskOrderQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["order-desk", "order", id],
    queryFn: ({ signal }) => getDeskOrder(id, signal),
    staleTime: 0,
  });
}

export function useDeskOrder(id: number | undefined) {
  return useQuery({ ...deskOrderQueryOptions(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
