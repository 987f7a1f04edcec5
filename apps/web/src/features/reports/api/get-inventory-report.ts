import { queryOptions } from "@tanstack/react-query";
import { InventoryReportDataSchema, type InventoryReportRequest, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";
import { useListQuery } from "../../../lib/list-query.ts";

const InventoryReportResponseSchema = okSchema(InventoryReportDataSchema);

/**
 * POST /api/report/inventoryFrontEnd (admin, SPEC §7): stock of every matching product as of
 * date_to with twelve months of fills and sales, and the export code of its CSV.
 */
export function getInventoryReport(request: InventoryReportRequest, signal?: AbortSignal) {
  return apiRequest("/api/report/inventoryFrontEnd", {
    body: request,
    schema: InventoryReportResponseSchema,
    signal,
  }).then((response) => response.data);
}

export function inventoryReportQueryOptions(request: InventoryReportRequest) {
  return queryOptions({
    queryKey: ["reports", "inventory", request],
    queryFn: ({ signal }) => getInventoryReport(request, signal),
  });
}

export function useInventoryReport(request: InventoryReportRequest) {
  return useListQuery(inventoryReportQueryOptions(request));
}
