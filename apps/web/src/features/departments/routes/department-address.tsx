import { Paper, Select, Stack, Text, Title } from "@mantine/core";
import { useSearchParams } from "react-router";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { DepartmentAddresses } from "../components/department-addresses.tsx";

/** /Departments/DepartmentAddress (SPEC §2): add an address to a department chosen here or by ?id=. */
export function DepartmentAddressRoute() {
  const [params, setParams] = useSearchParams();
  const id = positiveId(params.get("id"));
  const departments = useDepartmentOptions();
  const chosen = departments.data?.find((option) => option.value === String(id));

  return (
    <Stack gap="lg" maw={960}>
      <title>Department Address · Vet Portal</title>
      <PageCrumbs
        trail={[{ to: "/Departments/DepartmentReport", label: "Departments" }]}
        current={"Department Address"}
      />
      <Stack gap={4}>
        <Title order={1}>Department Address</Title>
        <Text c="dimmed">Choose a department, then add an address to it.</Text>
      </Stack>
      <Select
        label="Department"
        placeholder={departments.isPending ? "Loading departments…" : "Choose a department"}
        data={departments.data ?? []}
        value={id === undefined ? null : String(id)}
        onChange={(value) => setParams(value ? { id: value } : {}, { replace: true })}
        searchable
        nothingFoundMessage="No department by that name"
        maw={420}
        withAsterisk
      />
      {id !== undefined && (
        <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
          <DepartmentAddresses departmentId={id} name={chosen?.label ?? `department ${id}`} />
        </Paper>
      )}
    </Stack>
  );
}
