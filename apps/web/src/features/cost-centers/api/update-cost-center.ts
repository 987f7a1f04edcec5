import { type CostCenterUpdateSchema, IdResultSchema, okSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

export type CostCenterUpdate = z.input<typeof CostCenterUpdateSchema>;

const UpdatedResponseSchema = okSchema(IdResultSchema);

/** POST /api/costcenter/update (admin). */
export function updateCostCenter(body: CostCenterUpdate) {
  return apiRequest("/api/costcenter/update", { body, schema: UpdatedResponseSchema }).then(
    (response) => response.data,
  );
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateCostCenter() {
  return useRefreshingMutation(updateCostCenter, [COST_CENTERS_QUERY_KEY], { handlesErrors: true });
}
