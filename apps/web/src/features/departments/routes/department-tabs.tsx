import { Paper, Stack, Tabs, Title } from "@mantine/core";
import { IconListDetails, IconMapPin } from "@tabler/icons-react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { positiveId } from "../../../lib/route-params.ts";
import { DepartmentAddresses } from "../components/department-addresses.tsx";
import { DepartmentEditor, DepartmentNotFound } from "../components/department-editor.tsx";

/** /Departments/DepartmentTabs/{id}/{name} (SPEC §2): tabs Details (the form) and Addresses. */
export function DepartmentTabsRoute() {
  const params = useParams();
  const id = positiveId(params.id);
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = searchParams.get("tab") === "addresses" ? "addresses" : "details";
  if (id === undefined) return <DepartmentNotFound />;
  const name = params.name || `Department ${id}`;

  return (
    <Stack gap="lg" maw={960}>
      <title>{`${name} · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/Departments/DepartmentReport", label: "Departments" }]} current={name} />
      <Title order={1}>{name}</Title>
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value === "addresses" ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="details" leftSection={<IconListDetails size={16} aria-hidden />}>
            Details
          </Tabs.Tab>
          <Tabs.Tab value="addresses" leftSection={<IconMapPin size={16} aria-hidden />}>
            Addresses
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" pt="md">
          <DepartmentEditor
            id={id}
            header={() => null}
            onSaved={(savedId, savedName) =>
              navigate(`/Departments/DepartmentTabs/${savedId}/${encodeURIComponent(savedName)}`, { replace: true })
            }
          />
        </Tabs.Panel>
        <Tabs.Panel value="addresses" pt="md">
          <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
            <DepartmentAddresses departmentId={id} name={name} />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
