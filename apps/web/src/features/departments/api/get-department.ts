import { queryOptions, useQuery } from "@tanstack/react-query";
import { DepartmentDetailSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

export const DEPARTMENT_QUERY_KEY = ["department"] as const;

/** POST /api/department/query (admin): the department with its users and CC order emails. */
export function getDepartment(id: number, signal?: AbortSignal) {
  return apiData("/api/department/query", { body: { id }, schema: DepartmentDetailSchema, signal });
}

export function departmentQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...DEPARTMENT_QUERY_KEY, id],
    queryFn: ({ signal }) => getDepartment(id, signal),
  });
}

/** The page shows not-found and other failures itself. No id (a new department), no call. */
export function useDepartment(id: number | undefined) {
  return useQuery({ ...departmentQueryOptions(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
