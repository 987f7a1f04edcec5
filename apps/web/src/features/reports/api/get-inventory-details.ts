import { queryOptions } from "@tanstack/react-query";
import { InventoryDetailsDataSchema, type InventoryDetailsRequest } from "@vetportal/contract";
import { requestRows, useListQuery } from "../../../lib/list-query.ts";

/** POST /api/report/inventoryDetails (admin, SPEC §7): one product's ledger rows in the period. */
export function getInventoryDetails(request: InventoryDetailsRequest, signal?: AbortSignal) {
  return requestRows("/api/report/inventoryDetails", request, InventoryDetailsDataSchema, signal);
}

export function inventoryDetailsQueryOptions(request: InventoryDetailsRequest) {
  return queryOptions({
    queryKey: ["reports", "inventory-details", request],
    queryFn: ({ signal }) => getInventoryDetails(request, signal),
  });
}

export function useInventoryDetails(request: InventoryDetailsRequest) {
  return useListQuery(inventoryDetailsQueryOptions(request));
}
