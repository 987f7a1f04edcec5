import { useMutation } from "@tanstack/react-query";
import { okSchema, ReorderResultSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

const ReorderResponseSchema = okSchema(ReorderResultSchema);

/**
 * POST /api/order/reorder: a shipped order's lines as cart lines, adjusted to today's limits and
 * stock, and the lines that can no longer be ordered with the reason.
 */
export function reorder(orderId: number) {
  return apiRequest("/api/order/reorder", { body: { order_id: orderId }, schema: ReorderResponseSchema }).then(
    (response) => response.data,
  );
}

/** A failure is shown as the global error toast with the server's message. */
export function useReorder() {
  return useMutation({ mutationFn: reorder });
}
