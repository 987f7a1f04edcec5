import { useMutation, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER, type PlaceOrderBodySchema } from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";

/** An order to place, or a destroy order, which may leave the contact and delivery method out. */
export type PlaceOrderBody = z.input<typeof PlaceOrderBodySchema>;

/**
 * POST /api/order/add (SPEC §7) with an Idempotency-Key (DESIGN §6): sending the same key again — a
 * retry after a lost answer, a double click — returns the first order instead of placing another.
 */
export function placeOrder({ body, idempotencyKey }: { body: PlaceOrderBody; idempotencyKey: string }) {
  return apiData("/api/order/add", {
    body,
    schema: z.number().int(),
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** The shipping page shows failures next to the lines and fields, so no toast. */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    meta: { handlesErrors: true, whenOnline: "Your order will be placed" },
    // A new order changes My Orders and the stock behind the catalogue pages: everything cached is stale.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
