import { NativeSelect, Select, TextInput } from "@mantine/core";
import { USER_LEVELS } from "@vetportal/contract";
import { useMemo } from "react";
import { FilterForm, useFilterValues } from "../../../components/filter-form.tsx";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import { readParams } from "../../../lib/list-params.ts";
import { usePracticeNames } from "../../../lib/list-practice-names.ts";
import { positiveId } from "../../../lib/route-params.ts";
import type { UserListFilter } from "../api/list-users.ts";

/** The filter as it sits in the URL, so Back from Modify returns to the same list. */
export type UserFilters = {
  first_name: string;
  last_name: string;
  email: string;
  practice: string;
  level: string;
  department: string;
  status: "active" | "inactive" | "all";
};

export const EMPTY_USER_FILTERS: UserFilters = {
  first_name: "",
  last_name: "",
  email: "",
  practice: "",
  level: "",
  department: "",
  status: "active",
};

const LEVEL_OPTIONS = [
  { value: "", label: "All levels" },
  ...USER_LEVELS.map((l) => ({ value: String(l.id), label: l.name })),
];
const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
  { value: "all", label: "All" },
];

/** The filter in the URL; an unknown status is the default, active users. */
export function readUserFilters(params: URLSearchParams): UserFilters {
  const filters = readParams(params, EMPTY_USER_FILTERS);
  const { status } = filters;
  return { ...filters, status: status === "inactive" || status === "all" ? status : "active" };
}

/** The list's request for a page of the filtered users. */
export function toUserRequest(filters: UserFilters, page: number, pageSize: number): UserListFilter {
  const text = (value: string) => value.trim() || undefined;
  return {
    first_name: text(filters.first_name),
    last_name: text(filters.last_name),
    email: text(filters.email),
    representation: text(filters.practice),
    user_level_id: positiveId(filters.level),
    department_id: positiveId(filters.department),
    is_active: filters.status === "all" ? undefined : filters.status === "active" ? 1 : 0,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  };
}

/** The user report's filter: names, email, practice, level, department and status. */
export function UserFilter({ initial, onApply }: { initial: UserFilters; onApply: (filters: UserFilters) => void }) {
  const { values, setValues, set, field } = useFilterValues(initial);
  const practiceNames = usePracticeNames();
  const departments = useDepartmentOptions();

  const practiceOptions = useMemo(() => {
    const names = new Set<string>();
    for (const practice of practiceNames.data ?? []) if (practice.representation) names.add(practice.representation);
    if (values.practice) names.add(values.practice);
    return [...names].sort((a, b) => a.localeCompare(b));
  }, [practiceNames.data, values.practice]);

  return (
    <FilterForm
      label="Filter users"
      cols={{ base: 1, xs: 2, md: 4 }}
      onSearch={() => onApply(values)}
      onClear={() => {
        setValues(EMPTY_USER_FILTERS);
        onApply(EMPTY_USER_FILTERS);
      }}
    >
      <TextInput label="First name" {...field("first_name")} />
      <TextInput label="Last name" {...field("last_name")} />
      <TextInput label="Email" {...field("email")} />
      <Select
        label="Practice"
        placeholder="All practices"
        searchable
        clearable
        data={practiceOptions}
        value={values.practice || null}
        onChange={(value) => set("practice", value ?? "")}
        nothingFoundMessage="No practice by that name"
        comboboxProps={{ withinPortal: true }}
      />
      <NativeSelect label="Level" data={LEVEL_OPTIONS} {...field("level")} />
      <NativeSelect
        label="Department"
        data={[{ value: "", label: "All departments" }, ...(departments.data ?? [])]}
        {...field("department")}
      />
      <NativeSelect label="Status" data={STATUS_OPTIONS} {...field("status")} />
    </FilterForm>
  );
}
