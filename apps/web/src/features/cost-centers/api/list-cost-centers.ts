import { queryOptions, useQuery } from "@tanstack/react-query";
import { CostCenterSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const CostCentersResponseSchema = okSchema(z.array(CostCenterSchema));

export const COST_CENTERS_QUERY_KEY = ["cost-centers"] as const;

/** POST /api/costcenter/list (admin): every cost center of the customer with its departments. */
export function listCostCenters(signal?: AbortSignal) {
  return apiRequest("/api/costcenter/list", { body: {}, schema: CostCentersResponseSchema, signal }).then(
    (response) => response.data,
  );
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
