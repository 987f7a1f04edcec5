import { queryOptions, useQuery } from "@tanstack/react-query";
import { CostCenterSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

/** POST /api/costcenter/query (admin). */
export function getCostCenter(id: number, signal?: AbortSignal) {
  return apiData("/api/costcenter/query", { body: { id }, schema: CostCenterSchema, signal });
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
