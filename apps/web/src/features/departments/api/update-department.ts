import { type DepartmentUpdateSchema, IdResultSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { DEPARTMENTS_QUERY_KEY } from "../../../lib/list-departments.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { DEPARTMENT_QUERY_KEY } from "./get-department.ts";

export type DepartmentUpdate = z.input<typeof DepartmentUpdateSchema>;

/** POST /api/department/update (admin): the whole form, users and CC order emails included. */
export function updateDepartment(body: DepartmentUpdate) {
  return apiData("/api/department/update", { body, schema: IdResultSchema });
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateDepartment() {
  return useRefreshingMutation(updateDepartment, [DEPARTMENTS_QUERY_KEY, DEPARTMENT_QUERY_KEY], {
    handlesErrors: true,
  });
}
