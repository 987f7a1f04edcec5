import { Stack, Title } from "@mantine/core";
import { useNavigate, useParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { positiveId } from "../../../lib/route-params.ts";
import { DepartmentEditor, DepartmentNotFound } from "../components/department-editor.tsx";

function Header({ title, name }: { title: string; name?: string }) {
  return (
    <Stack gap="xs">
      <title>{`${title} · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/Departments/DepartmentReport", label: "Departments" }]} current={name ?? title} />
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** /Departments/DepartmentDetails/{id?} (SPEC §2): add a department, or modify one; saved goes back to the list. */
export function DepartmentDetailsRoute() {
  const params = useParams();
  const id = positiveId(params.id);
  const navigate = useNavigate();
  if (params.id !== undefined && id === undefined) return <DepartmentNotFound />;

  return (
    <Stack maw={880}>
      <DepartmentEditor
        id={id}
        header={(department) =>
          id === undefined ? (
            <Header title="Add a New Department" />
          ) : (
            <Header title="Modify Department" name={department?.name} />
          )
        }
        onSaved={() => navigate("/Departments/DepartmentReport")}
      />
    </Stack>
  );
}
