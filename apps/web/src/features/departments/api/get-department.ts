import { DepartmentDetailSchema } from "@vetportal/contract";
import { recordQueryOptions, useRecordQuery } from "../../../lib/record-query.ts";

export const DEPARTMENT_QUERY_KEY = ["department"] as const;

/** POST /api/department/query (admin): the department with its users and CC order emails. */
const departmentQueryOptions = recordQueryOptions(
  "/api/department/query",
  DepartmentDetailSchema,
  DEPARTMENT_QUERY_KEY,
);

export function useDepartment(id: number | undefined) {
  return useRecordQuery(departmentQueryOptions, id);
}
