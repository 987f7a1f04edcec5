import { DeskOrderSchema } from "@vetportal/contract";
import { recordQueryOptions, useRecordQuery } from "../../../lib/record-query.ts";

/** POST /api/fulfilment/query: the staff view of one order, with the actions its status allows. */
export const deskOrderQueryOptions = recordQueryOptions(
  "/api/fulfilment/query",
  DeskOrderSchema,
  ["order-desk", "order"],
  { staleTime: 0 },
);

export function useDeskOrder(id: number | undefined) {
  return useRecordQuery(deskOrderQueryOptions, id);
}
