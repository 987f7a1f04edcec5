import { queryOptions, useQuery } from "@tanstack/react-query";
import { CostCenterSchema, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

const CostCenterResponseSchema = okSchema(CostCenterSchema);

/** POST /api/costcenter/query (admin). */
export function getCostCenter(id: number, signal?: AbortSignal) {
  return apiRequest("/api/costcenter/query", { body: { id }, schema: CostCenterResponseSchema, signal }).then(
    (response) => response.data,
  );
}

export function costCenterQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...COST_CENTERS_QUERY_KEY, "detail", id],
    queryFn: ({ signal }) => getCostCenter(id, signal),
  });
}

/** The page shows not-found and other failures itself. No id (a new cost center), no call. */
export function useCostCenter(id: number | undefined) {
  return useQuery({ ...costCenterQueryOptions(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
