import { type DepartmentFormSchema, IdResultSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { DEPARTMENTS_QUERY_KEY } from "../../../lib/list-departments.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

export type DepartmentForm = z.input<typeof DepartmentFormSchema>;

/** POST /api/department/add (admin). */
export function createDepartment(body: DepartmentForm) {
  return apiData("/api/department/add", { body, schema: IdResultSchema });
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useCreateDepartment() {
  return useRefreshingMutation(createDepartment, [DEPARTMENTS_QUERY_KEY], { handlesErrors: true });
}
