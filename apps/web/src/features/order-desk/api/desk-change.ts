import { useMutation, useQueryClient } from "@tanstack/react-query";
import { DeskOrderSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { deskOrderQueryOptions } from "./get-desk-order.ts";
import { deskListQueryKey } from "./list-desk-orders.ts";

/**
 * The desk's changes to one order (POST /api/fulfilment/status, /backorder, /ship, /cancel). Each
 * answers the order as it now stands, which replaces the cached view; the lists are refetched.
 * A refusal (409: shipped meanwhile, cancelled…) is the global error toast with the server's reason;
 * field errors are for the form that sent them.
 */
export function useDeskChange<T extends { order_id: number }>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: T) => apiData(path, { body, schema: DeskOrderSchema }),
    onSuccess: (order) => queryClient.setQueryData(deskOrderQueryOptions(order.id).queryKey, order),
    onSettled: (_data, _error, body) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: deskListQueryKey }),
        queryClient.invalidateQueries({ queryKey: deskOrderQueryOptions(body.order_id).queryKey }),
      ]),
  });
}
