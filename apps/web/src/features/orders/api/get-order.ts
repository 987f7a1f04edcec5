import { OrderDetailSchema } from "@vetportal/contract";
import { recordQueryOptions, useRecordQuery } from "../../../lib/record-query.ts";

/**
 * POST /api/order/query (SPEC §7): one order with its lines; 404 for an order the user may not see.
 * Status and the cancel window change on the server: always checked again when the page opens.
 */
export const orderQueryOptions = recordQueryOptions("/api/order/query", OrderDetailSchema, ["orders", "detail"], {
  staleTime: 0,
});

export function useOrder(id: number | undefined) {
  return useRecordQuery(orderQueryOptions, id);
}
