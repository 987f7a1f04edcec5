import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CostCenterUpdateSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

export type CostCenterUpdate = z.input<typeof CostCenterUpdateSchema>;

const UpdatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/costcenter/update (admin). */
export function updateCostCenter(body: CostCenterUpdate) {
  return apiRequest("/api/costcenter/update", { body, schema: UpdatedResponseSchema }).then(
    (response) => response.data,
  );
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateCostCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCostCenter,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COST_CENTERS_QUERY_KEY }),
  });
}
