import { Badge, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { ADMIN_PAGE_SIZE, type CostCenter, MESSAGES } from "@vetportal/contract";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { DeleteButton, ModifyButton, RowActions } from "../../../components/row-actions.tsx";
import { actionsColumn, DataTable, statusColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { pageCount, TablePager } from "../../../components/table/table-pager.tsx";
import { positiveId } from "../../../lib/route-params.ts";
import { useDeleteCostCenter } from "../api/delete-cost-center.ts";
import { useCostCenters } from "../api/list-cost-centers.ts";

function CostCenterActions({ costCenter }: { costCenter: CostCenter }) {
  const deleteCostCenter = useDeleteCostCenter();
  const name = costCenter.name;
  return (
    <RowActions>
      <ModifyButton to={`/CostCenter/CostCenterDetail/${costCenter.id}`} name={name} />
      <DeleteButton
        name={name}
        message={`Delete the cost center ${name}?`}
        done={MESSAGES.costCenterDeleted}
        isPending={deleteCostCenter.isPending}
        onDelete={() => deleteCostCenter.mutateAsync(costCenter.id)}
      />
    </RowActions>
  );
}

const COLUMNS: TableColumn<CostCenter>[] = [
  { key: "name", label: "Name", role: "title", wrap: true, cell: (costCenter) => costCenter.name },
  {
    key: "departments",
    label: "Departments",
    cell: (costCenter) => (
      <Group gap={4}>
        {costCenter.department_names.map((name) => (
          <Badge key={name} variant="default" tt="none" fw={500}>
            {name}
          </Badge>
        ))}
      </Group>
    ),
  },
  statusColumn((costCenter) => costCenter.is_active),
  actionsColumn((costCenter) => <CostCenterActions costCenter={costCenter} />),
];

/** /CostCenter/CostCenterReport (SPEC §2): cost centers with their departments, 50 a page. */
export function CostCenterReportRoute() {
  const costCenters = useCostCenters();
  const [params, setParams] = useSearchParams();
  const all = costCenters.data ?? [];
  const page = Math.min(positiveId(params.get("page")) ?? 1, pageCount(all.length, ADMIN_PAGE_SIZE));
  const rows = all.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE);

  return (
    <Stack gap="lg">
      <title>Cost Centers · Vet Portal</title>
      <PageHeader title="Cost Centers" description="Each cost center covers one or more departments.">
        <Button component={Link} to="/CostCenter/CostCenterDetail" leftSection={<IconPlus size={16} aria-hidden />}>
          Add a New Cost Center
        </Button>
      </PageHeader>

      {costCenters.isPending && (
        <Stack gap="xs">
          <VisuallyHidden role="status">Loading cost centers…</VisuallyHidden>
          <Skeleton h={36} aria-hidden />
          <Skeleton h={36} aria-hidden />
          <Skeleton h={36} aria-hidden />
        </Stack>
      )}
      {costCenters.isError && <LoadError title="The cost centers could not be loaded" query={costCenters} />}
      {costCenters.isSuccess && all.length === 0 && (
        <Text c="dimmed" py="xl" ta="center">
          There are no cost centers yet.
        </Text>
      )}
      {rows.length > 0 && (
        <Stack gap="sm">
          <DataTable
            label="Cost centers"
            columns={COLUMNS}
            rows={rows}
            rowKey={(costCenter) => costCenter.id}
            minWidth={640}
          />
          <TablePager
            noun="cost centers"
            page={page}
            pageSize={ADMIN_PAGE_SIZE}
            total={all.length}
            onPageChange={(next) => setParams(next > 1 ? { page: String(next) } : {}, { preventScrollReset: true })}
          />
        </Stack>
      )}
    </Stack>
  );
}
