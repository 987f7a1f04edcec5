import { Button, Skeleton, Stack, VisuallyHidden } from "@mantine/core";
import { type DepartmentDetail, MESSAGES } from "@vetportal/contract";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { LoadError, RecordNotFound } from "../../../components/page-state.tsx";
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
      action={
        <Button component={Link} to="/Departments/DepartmentReport">
          Back to Departments
        </Button>
      }
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
    return (
      <Stack gap="lg">
        <VisuallyHidden role="status">Loading department…</VisuallyHidden>
        <Skeleton h={36} w={320} aria-hidden />
        <Skeleton h={420} aria-hidden />
      </Stack>
    );
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
          notifySuccess(MESSAGES.departmentUpdated);
          onSaved(saved.id, request.name.trim());
        }}
      />
    </Stack>
  );
}
