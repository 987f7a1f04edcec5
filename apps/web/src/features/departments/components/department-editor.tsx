import { Stack } from "@mantine/core";
import { type DepartmentDetail, MESSAGES } from "@vetportal/contract";
import type { ReactNode } from "react";
import { LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useCreateDepartment } from "../api/create-department.ts";
import { useDepartment } from "../api/get-department.ts";
import { useUpdateDepartment } from "../api/update-department.ts";
import { DepartmentForm } from "./department-form.tsx";

export function DepartmentNotFound() {
  return (
    <RecordNotFound
      title="Department not found"
      message="This department does not exist or has been deleted."
      backTo="/Departments/DepartmentReport"
      backLabel="Back to Departments"
    />
  );
}

interface DepartmentEditorProps {
  /** Missing: a new department. */
  id: number | undefined;
  /** The page's heading, given the loaded department (or none for a new one). */
  header: (department: DepartmentDetail | undefined) => ReactNode;
  /** After the server saved it. */
  onSaved: (id: number, name: string) => void;
}

/** Loads a department (when there is an id) and shows its form; saving says 'Department Updated Successfully!'. */
export function DepartmentEditor({ id, header, onSaved }: DepartmentEditorProps) {
  const department = useDepartment(id);
  const createDepartment = useCreateDepartment();
  const updateDepartment = useUpdateDepartment();

  if (id !== undefined && department.error instanceof ApiError && department.error.status === 404) {
    return <DepartmentNotFound />;
  }
  if (id !== undefined && department.isPending) {
    return <PageLoading label="Loading department…" blocks={[{ h: 36, w: 320 }, { h: 420 }]} />;
  }
  if (id !== undefined && department.isError) {
    return (
      <Stack gap="lg">
        {header(undefined)}
        <LoadError title="The department could not be loaded" query={department} />
      </Stack>
    );
  }

  const loaded = id === undefined ? undefined : department.data;
  return (
    <Stack gap="lg">
      {header(loaded)}
      <DepartmentForm
        key={loaded?.id ?? "new"}
        department={loaded}
        isSaving={createDepartment.isPending || updateDepartment.isPending}
        onSave={async (request) => {
          const saved =
            id === undefined
              ? await createDepartment.mutateAsync(request)
              : await updateDepartment.mutateAsync({ ...request, id });
          notifySuccess(id === undefined ? MESSAGES.departmentAdded : MESSAGES.departmentUpdated);
          onSaved(saved.id, request.name.trim());
        }}
      />
    </Stack>
  );
}
