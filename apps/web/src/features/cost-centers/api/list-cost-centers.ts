import { queryOptions, useQuery } from "@tanstack/react-query";
import { CostCenterSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { lazySchema } from "../../../lib/lazy-schema.ts";

export const COST_CENTERS_QUERY_KEY = ["cost-centers"] as const;

/** POST /api/costcenter/list (admin): every cost center of the customer with its departments. */
export function listCostCenters(signal?: AbortSignal) {
  return apiData("/api/costcenter/list", { body: {}, schema: lazySchema(() => z.array(CostCenterSchema)), signal });
}

export function costCentersQueryOptions() {
  return queryOptions({
    queryKey: [...COST_CENTERS_QUERY_KEY, "list"],
    queryFn: ({ signal }) => listCostCenters(signal),
  });
}

/** The report shows its own error state. */
export function useCostCenters() {
  return useQuery({ ...costCentersQueryOptions(), meta: { handlesErrors: true } });
}
