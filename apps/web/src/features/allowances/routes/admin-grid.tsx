import { SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { type AllocationRow, type AllowanceUnit, allowanceAmount, IsoDateSchema } from "@vetportal/contract";
import { Children, type ReactNode, useMemo, useState } from "react";
import { useParams } from "react-router";
import { DayInput } from "../../../components/day-input.tsx";
import { FilterForm, useFilterValues } from "../../../components/filter-form.tsx";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { ExportButton } from "../../../components/table/export-button.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { useInBatches } from "../../../lib/in-batches.ts";
import { readParams, useListParams } from "../../../lib/list-params.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { allocationGridOptions, useAllocationGrid, useExportAllocations } from "../api/admin.ts";
import { AdjustBalanceForm, SetAllocationForm } from "../components/allocation-forms.tsx";
import { ImportPanel } from "../components/allocation-import.tsx";

function gridColumns(unit: AllowanceUnit): TableColumn<AllocationRow>[] {
  const amount = (n: number) => allowanceAmount(n, unit);
  return [
    { key: "practice", label: "Practice", cell: (r) => r.practice, role: "title", rowHeader: true, wrap: true },
    { key: "department", label: "Department", cell: (r) => r.department ?? "—", wrap: true },
    {
      key: "allotted",
      label: "Allotted",
      numeric: true,
      cell: (r) => `${amount(r.allotted)}${r.own ? "" : " (inherited)"}`,
    },
    { key: "used", label: "Used", numeric: true, cell: (r) => amount(r.used) },
    { key: "pending", label: "Pending", numeric: true, cell: (r) => amount(r.pending) },
    { key: "left", label: "Left", numeric: true, cell: (r) => amount(r.left) },
  ];
}

/** The grid's filter as it sits in the URL (?practice=…&period=2026-07-01), so Back and links keep it. */
type Filters = { practice: string; period: string };
const EMPTY: Filters = { practice: "", period: "" };

/** The period's day when it is a real date (else today's period), and the rows the words match. */
function applyFilter(filters: Filters, rows: AllocationRow[]) {
  const words = filters.practice.trim().toLowerCase();
  const matches = (r: AllocationRow) =>
    !words || r.practice.toLowerCase().includes(words) || (r.department ?? "").toLowerCase().includes(words);
  return rows.filter(matches);
}

const periodOf = (filters: Filters) => {
  const day = IsoDateSchema.safeParse(filters.period);
  return day.success ? day.data : undefined;
};

function GridFilter({ initial, onApply }: { initial: Filters; onApply: (filters: Filters) => void }) {
  const { values, setValues, set, field } = useFilterValues(initial);
  return (
    <FilterForm
      label="Filter the allocations"
      cols={{ base: 1, xs: 2, md: 3 }}
      onSearch={() => onApply(values)}
      onClear={() => {
        setValues(EMPTY);
        onApply(EMPTY);
      }}
    >
      <TextInput label="Practice" description="Its name or department" maxLength={100} {...field("practice")} />
      <DayInput
        label="Period"
        description="Any day of it; today's when empty"
        value={values.period}
        onChange={(day) => set("period", day)}
      />
    </FilterForm>
  );
}

/** A fresh visit's grid of today's period is in its first paint (lib/first-data-loader.ts). */
export function adminGridLoader({ params, request }: { params: { id?: string }; request: Request }) {
  // The boot script sends the unfiltered grid only (`search: false` in vite.config.ts).
  const id = positiveId(params.id);
  if (id === undefined || new URL(request.url).search) return null;
  return loadFirstData([allocationGridOptions(id)]);
}

/**
 * /admin/allowances/{id} (issue 23 §1): the allocations grid of a period (today's unless the
 * filter names a day of another), its practices filtered by name or department, its CSV, and the
 * forms that change it.
 */
export function AdminGridRoute() {
  const id = positiveId(useParams().id);
  const { params, update } = useListParams();
  const filters = readParams(params, EMPTY);
  const period = periodOf(filters);
  const grid = useAllocationGrid(id, period);
  const exporter = useExportAllocations();
  if (grid.isPending) return <PageLoading label="Loading allocations…" blocks={[{ h: 40 }, { h: 300 }]} />;
  if (grid.isError || !id) return <LoadError title="The allocations could not be loaded" query={grid} />;
  const { programme, period_start, rows, department_defaults } = grid.data;
  const shown = applyFilter(filters, rows);
  return (
    <Stack gap="lg">
      <title>{`${programme.name} allocations · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/admin/allowances", label: "Allowances" }]} current={programme.name} />
      <PageHeader title={`${programme.name} allocations`} description={`The ${programme.period} from ${period_start}.`}>
        <ExportButton
          loading={exporter.isPending}
          onClick={() => exporter.mutate({ programme_id: programme.id, period })}
        />
      </PageHeader>
      <GridFilter key={Object.values(filters).join("\u0000")} initial={filters} onApply={update} />
      {department_defaults.length > 0 && (
        <Text size="sm">
          Department defaults:{" "}
          {department_defaults.map((d) => `${d.department} ${allowanceAmount(d.allotted, programme.unit)}`).join(" · ")}
        </Text>
      )}
      <PracticesThenForms unit={programme.unit} shown={shown}>
        <SetAllocationForm programmeId={programme.id} period={period_start} rows={rows} />
        <AdjustBalanceForm programmeId={programme.id} period={period_start} rows={rows} />
        <div style={{ gridColumn: "1 / -1" }}>
          <ImportPanel programmeId={programme.id} />
        </div>
      </PracticesThenForms>
    </Stack>
  );
}

const ONE_A_FRAME = { first: 1, next: 1 };

/**
 * The grid, then the forms that change it. The forms wait for the grid's rows, so they do not move
 * down as the rows arrive a few a frame (a layout shift; decision 034, lever 59); then they arrive
 * one a frame, each a short task of its own. The wait is this component's own state and the rows
 * are drawn once (memoised columns), so a form's arrival draws only that form (lever 64).
 */
function PracticesThenForms({
  unit,
  shown,
  children,
}: {
  unit: AllowanceUnit;
  shown: AllocationRow[];
  children: ReactNode;
}) {
  const [rowsDrawn, setRowsDrawn] = useState(false);
  const columns = useMemo(() => gridColumns(unit), [unit]);
  const forms = Children.toArray(children);
  const drawn = useInBatches(rowsDrawn || shown.length === 0 ? forms.length : 0, true, ONE_A_FRAME);
  return (
    <>
      <Panel title="Practices">
        {shown.length > 0 ? (
          <DataTable
            label="Allocations"
            columns={columns}
            rows={shown}
            rowKey={(r) => r.user_id}
            onWhole={() => setRowsDrawn(true)}
          />
        ) : (
          <Text c="dimmed" py="md" ta="center">
            No practice matches this filter.
          </Text>
        )}
      </Panel>
      {drawn > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="lg">
          {forms.slice(0, drawn)}
        </SimpleGrid>
      )}
    </>
  );
}
