import { Button, Group, Stack, TextInput, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { DepartmentRowSchema } from "@vetportal/contract";
import { ADMIN_PAGE_SIZE, MESSAGES } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { FilterForm } from "../../../components/filter-form.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { DeleteButton, ModifyButton, RowActions } from "../../../components/row-actions.tsx";
import { actionsColumn, statusColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { ListResults } from "../../../components/table/list-results.tsx";
import { useDepartments } from "../../../lib/list-departments.ts";
import { useListParams } from "../../../lib/list-params.ts";
import { useDeleteDepartment } from "../api/delete-department.ts";

type DepartmentRow = z.infer<typeof DepartmentRowSchema>;

function NameFilter({ initial, onApply }: { initial: string; onApply: (name: string) => void }) {
  const [name, setName] = useState(initial);
  return (
    <FilterForm
      label="Filter departments"
      onSearch={() => onApply(name.trim())}
      onClear={() => {
        setName("");
        onApply("");
      }}
    >
      <TextInput
        label="Name"
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        w={{ base: "100%", xs: 320 }}
      />
    </FilterForm>
  );
}

function DepartmentActions({ department }: { department: DepartmentRow }) {
  const deleteDepartment = useDeleteDepartment();
  const name = department.name;
  return (
    <RowActions>
      <ModifyButton to={`/Departments/DepartmentDetails/${department.id}`} name={name} />
      <Button
        component={Link}
        to={`/Departments/DepartmentTabs/${department.id}/${encodeURIComponent(name)}?tab=addresses`}
        size="compact-sm"
        variant="default"
      >
        Addresses<VisuallyHidden> of {name}</VisuallyHidden>
      </Button>
      <DeleteButton
        name={name}
        message={`Delete the department ${name}?`}
        done={MESSAGES.departmentDeleted}
        isPending={deleteDepartment.isPending}
        onDelete={() => deleteDepartment.mutateAsync(department.id)}
      />
    </RowActions>
  );
}

const COLUMNS: TableColumn<DepartmentRow>[] = [
  { key: "name", label: "Name", role: "title", wrap: true, cell: (department) => department.name },
  { key: "code", label: "Code", cell: (department) => department.department_code },
  { key: "users", label: "Users", cell: (department) => department.user_count },
  statusColumn((department) => department.is_active),
  actionsColumn((department) => <DepartmentActions department={department} />),
];

/** /Departments/DepartmentReport (SPEC §2): departments with a name filter, 50 a page. */
export function DepartmentReportRoute() {
  const { params, update, paged } = useListParams();
  const { range, paging } = paged(ADMIN_PAGE_SIZE);
  const name = params.get("name") ?? "";
  const departments = useDepartments({ name: name || undefined, ...range });

  return (
    <Stack gap="lg">
      <title>Departments · Vet Portal</title>
      <PageHeader
        title="Departments"
        description="Departments group users; their CC emails get copies of order confirmations."
      >
        <Group gap="xs">
          <Button component={Link} to="/Departments/DepartmentAddress" variant="default">
            Add a Department Address
          </Button>
          <Button component={Link} to="/Departments/DepartmentDetails" leftSection={<IconPlus size={16} aria-hidden />}>
            Add a New Department
          </Button>
        </Group>
      </PageHeader>

      <NameFilter key={name} initial={name} onApply={(value) => update({ name: value, page: 1 })} />

      <ListResults
        query={departments}
        noun="departments"
        errorTitle="The departments could not be loaded"
        emptyText="No departments match this name."
        minWidth={640}
        columns={COLUMNS}
        rowKey={(department) => department.id}
        {...paging}
      />
    </Stack>
  );
}
