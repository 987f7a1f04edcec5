import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okSchema, type ReplenishRequestSchema, StockChangeSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { ADMIN_PRODUCT_QUERY_KEY } from "./get-product.ts";
import { LEDGER_QUERY_KEY } from "./list-ledger.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

export type ReplenishRequest = z.input<typeof ReplenishRequestSchema>;

const StockResponseSchema = okSchema(StockChangeSchema);

/** POST /api/inventory/replenish (admin): stock received, written to the ledger; answers the new balance. */
export function replenishStock(body: ReplenishRequest) {
  return apiRequest("/api/inventory/replenish", { body, schema: StockResponseSchema }).then(
    (response) => response.data,
  );
}

/** The form shows success and failure itself, so no global toast. */
export function useReplenishStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replenishStock,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: LEDGER_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_QUERY_KEY });
    },
  });
}
