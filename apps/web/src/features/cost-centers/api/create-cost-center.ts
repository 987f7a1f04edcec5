import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CostCenterFormSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { COST_CENTERS_QUERY_KEY } from "./list-cost-centers.ts";

export type CostCenterForm = z.input<typeof CostCenterFormSchema>;

const CreatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/costcenter/add (admin): name and at least one department (SPEC §5). */
export function createCostCenter(body: CostCenterForm) {
  return apiRequest("/api/costcenter/add", { body, schema: CreatedResponseSchema }).then((response) => response.data);
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useCreateCostCenter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCostCenter,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COST_CENTERS_QUERY_KEY }),
  });
}
