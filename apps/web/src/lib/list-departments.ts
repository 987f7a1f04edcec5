import { queryOptions, useQuery } from "@tanstack/react-query";
import { type DepartmentListRequestSchema, DepartmentRowSchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "./api-client.ts";

// POST /api/department/list is read by several admin features (the department report, and the
// department pickers of users, cost centers and products), so it lives in lib/ (STYLE §1).
export type DepartmentListFilter = z.input<typeof DepartmentListRequestSchema>;

const DepartmentsResponseSchema = okSchema(z.array(DepartmentRowSchema));

/** Upper bound of the request schema: enough to list every department in a picker. */
const ALL_DEPARTMENTS = 500;

export const DEPARTMENTS_QUERY_KEY = ["departments"] as const;

export function listDepartments(filter: DepartmentListFilter, signal?: AbortSignal) {
  return apiRequest("/api/department/list", { body: filter, schema: DepartmentsResponseSchema, signal }).then(
    (response) => ({ items: response.data, total: response.found_rows ?? response.data.length }),
  );
}

export function departmentsQueryOptions(filter: DepartmentListFilter) {
  return queryOptions({
    queryKey: [...DEPARTMENTS_QUERY_KEY, filter],
    queryFn: ({ signal }) => listDepartments(filter, signal),
  });
}

/** A page of the department report; the page shows its own error state. */
export function useDepartments(filter: DepartmentListFilter) {
  return useQuery({ ...departmentsQueryOptions(filter), meta: { handlesErrors: true } });
}

export interface DepartmentOption {
  value: string;
  label: string;
}

/** Every department as select options (value is the id as a string), sorted by name. */
export function useDepartmentOptions() {
  return useQuery({
    ...departmentsQueryOptions({ limit: ALL_DEPARTMENTS, offset: 0 }),
    select: (page): DepartmentOption[] =>
      page.items
        .map((department) => ({ value: String(department.id), label: department.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
  });
}
