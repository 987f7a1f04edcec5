import { type ReplenishRequestSchema, StockChangeSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { ADMIN_PRODUCT_QUERY_KEY } from "./get-product.ts";
import { LEDGER_QUERY_KEY } from "./list-ledger.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

export type ReplenishRequest = z.input<typeof ReplenishRequestSchema>;

/** POST /api/inventory/replenish (admin): stock received, written to the ledger; answers the new balance. */
export function replenishStock(body: ReplenishRequest) {
  return apiData("/api/inventory/replenish", { body, schema: StockChangeSchema });
}

/** The form shows success and failure itself, so no global toast. */
export function useReplenishStock() {
  return useRefreshingMutation(replenishStock, [ADMIN_PRODUCT_QUERY_KEY, LEDGER_QUERY_KEY, ADMIN_PRODUCTS_QUERY_KEY], {
    handlesErrors: true,
  });
}
