import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DepartmentFormSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { DEPARTMENTS_QUERY_KEY } from "../../../lib/list-departments.ts";

export type DepartmentForm = z.input<typeof DepartmentFormSchema>;

const CreatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/department/add (admin). */
export function createDepartment(body: DepartmentForm) {
  return apiRequest("/api/department/add", { body, schema: CreatedResponseSchema }).then((response) => response.data);
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useCreateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepartment,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEPARTMENTS_QUERY_KEY }),
  });
}
