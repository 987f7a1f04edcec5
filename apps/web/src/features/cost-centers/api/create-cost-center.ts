import { type CostCenterFormSchema, IdResultSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

export type CostCenterForm = z.input<typeof CostCenterFormSchema>;

/** POST /api/costcenter/add (admin): name and at least one department (SPEC §5). */
export function createCostCenter(body: CostCenterForm) {
  return apiData("/api/costcenter/add", { body, schema: IdResultSchema });
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useCreateCostCenter() {
  return useRefreshingMutation(createCostCenter, [COST_CENTERS_QUERY_KEY], { handlesErrors: true });
}
