import { type AdjustRequestSchema, StockChangeSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { ADMIN_PRODUCT_QUERY_KEY } from "./get-product.ts";
import { LEDGER_QUERY_KEY } from "./list-ledger.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

export type AdjustRequest = z.input<typeof AdjustRequestSchema>;

/** POST /api/inventory/adjust (admin): a signed correction with its reason; answers the new balance. */
export function adjustStock(body: AdjustRequest) {
  return apiData("/api/inventory/adjust", { body, schema: StockChangeSchema });
}

/** The form shows success and failure itself, so no global toast. */
export function useAdjustStock() {
  return useRefreshingMutation(adjustStock, [ADMIN_PRODUCT_QUERY_KEY, LEDGER_QUERY_KEY, ADMIN_PRODUCTS_QUERY_KEY], {
    handlesErrors: true,
  });
}
