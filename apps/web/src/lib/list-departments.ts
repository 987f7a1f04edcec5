import { useQuery } from "@tanstack/react-query";
import { type DepartmentListRequestSchema, DepartmentRowSchema } from "@vetportal/contract";
import type { z } from "zod";
import { listQueryOptions, useListQuery } from "./list-query.ts";

// POST /api/department/list is read by several admin features (the department report, and the
// department pickers of users, cost centers and products), so it lives in lib/ (STYLE §1).
export type DepartmentListFilter = z.input<typeof DepartmentListRequestSchema>;

/** Upper bound of the request schema: enough to list every department in a picker. */
const ALL_DEPARTMENTS = 500;

export const DEPARTMENTS_QUERY_KEY = ["departments"] as const;

export function departmentsQueryOptions(filter: DepartmentListFilter) {
  return listQueryOptions(DEPARTMENTS_QUERY_KEY, "/api/department/list", DepartmentRowSchema, filter);
}

/** A page of the department report; the page shows its own error state. */
export function useDepartments(filter: DepartmentListFilter) {
  return useListQuery(departmentsQueryOptions(filter));
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
