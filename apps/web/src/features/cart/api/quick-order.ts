import { useMutation } from "@tanstack/react-query";
import { QuickOrderResultSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/quick-order/add (decision 041): lines of SKU and quantity, as text; the good lines are
 * in the server cart when it answers. The page shows every failure itself (a 400 under the field).
 */
export function useQuickOrder() {
  return useMutation({
    mutationFn: (text: string) => apiData("/api/quick-order/add", { body: { text }, schema: QuickOrderResultSchema }),
    meta: { handlesErrors: true },
  });
}
