import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type DepartmentUpdateSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { DEPARTMENTS_QUERY_KEY } from "../../../lib/list-departments.ts";
import { DEPARTMENT_QUERY_KEY } from "./get-department.ts";

export type DepartmentUpdate = z.input<typeof DepartmentUpdateSchema>;

const UpdatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/department/update (admin): the whole form, users and CC order emails included. */
export function updateDepartment(body: DepartmentUpdate) {
  return apiRequest("/api/department/update", { body, schema: UpdatedResponseSchema }).then(
    (response) => response.data,
  );
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateDepartment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDepartment,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: DEPARTMENTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: DEPARTMENT_QUERY_KEY });
    },
  });
}
