import { useMutation } from "@tanstack/react-query";
import { ReorderResultSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/order/reorder: a shipped order's lines as cart lines, adjusted to today's limits and
 * stock, and the lines that can no longer be ordered with the reason.
 */
export function reorder(orderId: number) {
  return apiData("/api/order/reorder", { body: { order_id: orderId }, schema: ReorderResultSchema });
}

/** A failure is shown as the global error toast with the server's message. */
export function useReorder() {
  return useMutation({ mutationFn: reorder });
}
