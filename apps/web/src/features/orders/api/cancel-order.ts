import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { orderQueryOptions } from "./get-order.ts";
import { orderListQueryKey } from "./list-orders.ts";

/** POST /api/order/cancel (SPEC §7): the whole order (partial false); the server checks owner, status and window. */
export function cancelOrder(orderId: number) {
  return apiData("/api/order/cancel", {
    body: { order_id: orderId, partial: false },
    schema: z.object({ id: z.number().int(), order_status: z.number().int(), order_status_name: z.string() }),
  });
}

/** A refusal (CANCEL_WINDOW_CLOSED …) is shown as the global error toast with the server's message. */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: (_data, _error, orderId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQueryOptions(orderId).queryKey }),
        queryClient.invalidateQueries({ queryKey: orderListQueryKey }),
      ]),
  });
}
