import { queryOptions } from "@tanstack/react-query";
import { InventoryDetailsDataSchema, type InventoryDetailsRequest, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";
import { useListQuery } from "../../../lib/list-query.ts";

const InventoryDetailsResponseSchema = okSchema(InventoryDetailsDataSchema);

/** POST /api/report/inventoryDetails (admin, SPEC §7): one product's ledger rows in the period. */
export function getInventoryDetails(request: InventoryDetailsRequest, signal?: AbortSignal) {
  return apiRequest("/api/report/inventoryDetails", {
    body: request,
    schema: InventoryDetailsResponseSchema,
    signal,
  }).then((response) => ({ detail: response.data, total: response.found_rows ?? response.data.rows.length }));
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
