import { type CostCenterUpdateSchema, IdResultSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

export type CostCenterUpdate = z.input<typeof CostCenterUpdateSchema>;

/** POST /api/costcenter/update (admin). */
export function updateCostCenter(body: CostCenterUpdate) {
  return apiData("/api/costcenter/update", { body, schema: IdResultSchema });
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateCostCenter() {
  return useRefreshingMutation(updateCostCenter, [COST_CENTERS_QUERY_KEY], { handlesErrors: true });
}
