import { Button, FileInput, Group, Select, Stack, Text, TextInput } from "@mantine/core";
import {
  AdjustmentSchema,
  type AllocationImportResult,
  type AllocationRow,
  AllocationSetSchema,
  type AllowanceUnit,
  allowanceAmount,
} from "@vetportal/contract";
import { useState } from "react";
import { useParams } from "react-router";
import { CountInput, FormSection } from "../../../components/form-fields.tsx";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import {
  useAdjust,
  useAllocationGrid,
  useExportAllocations,
  useImportAllocations,
  useSetAllocation,
} from "../api/admin.ts";

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

type ChangeValues = { user_id: string; allotted: number | string; delta: number | string; reason: string };

/** Set a practice's own allocation for the period, or adjust its balance with a reason. */
function ChangeForms({ programmeId, period, rows }: { programmeId: number; period: string; rows: AllocationRow[] }) {
  const set = useSetAllocation();
  const adjust = useAdjust();
  const practices = rows.map((r) => ({ value: String(r.user_id), label: r.practice }));
  const base = { programme_id: programmeId, period };
  const setForm = useAppForm<Pick<ChangeValues, "user_id" | "allotted">>({
    initialValues: { user_id: "", allotted: "" },
    validate: schemaValidator(AllocationSetSchema, (v) => ({
      ...base,
      user_id: Number(v.user_id),
      allotted: v.allotted === "" ? undefined : Number(v.allotted),
    })),
  });
  const adjustForm = useAppForm<Omit<ChangeValues, "allotted">>({
    initialValues: { user_id: "", delta: "", reason: "" },
    validate: schemaValidator(AdjustmentSchema, (v) => ({
      ...base,
      user_id: Number(v.user_id),
      delta: v.delta === "" ? undefined : Number(v.delta),
      reason: v.reason,
    })),
  });
  return (
    <Group align="flex-start" grow wrap="wrap">
      <form
        noValidate
        aria-label="Set an allocation"
        onSubmit={setForm.onSubmit((v) => {
          set
            .mutateAsync({ ...base, user_id: Number(v.user_id), allotted: Number(v.allotted) })
            .then(() => notifySuccess("Allocation set."))
            .catch((error: unknown) => notifySaveError(setForm, error));
        })}
      >
        <FormSection title="Set an allocation">
          <Select label="Practice" data={practices} searchable withAsterisk {...setForm.getInputProps("user_id")} />
          <CountInput label="Allotted this period" withAsterisk {...setForm.getInputProps("allotted")} />
          <Button type="submit" loading={set.isPending}>
            Set Allocation
          </Button>
        </FormSection>
      </form>
      <form
        noValidate
        aria-label="Adjust a balance"
        onSubmit={adjustForm.onSubmit((v) => {
          adjust
            .mutateAsync({ ...base, user_id: Number(v.user_id), delta: Number(v.delta), reason: v.reason })
            .then(() => notifySuccess("Balance adjusted."))
            .catch((error: unknown) => notifySaveError(adjustForm, error));
        })}
      >
        <FormSection title="Adjust a balance">
          <Select label="Practice" data={practices} searchable withAsterisk {...adjustForm.getInputProps("user_id")} />
          <CountInput
            label="Change (negative takes away)"
            allowNegative
            withAsterisk
            {...adjustForm.getInputProps("delta")}
          />
          <TextInput label="Reason" withAsterisk {...adjustForm.getInputProps("reason")} />
          <Button type="submit" loading={adjust.isPending}>
            Adjust Balance
          </Button>
        </FormSection>
      </form>
    </Group>
  );
}

const importColumns: TableColumn<AllocationImportResult["rows"][number]>[] = [
  { key: "line", label: "Line", numeric: true, cell: (r) => r.line, role: "title" },
  { key: "user", label: "Practice id", cell: (r) => r.user_id ?? "—" },
  { key: "period", label: "Period", cell: (r) => r.period_start ?? "—" },
  { key: "allotted", label: "Allotted", numeric: true, cell: (r) => r.allotted ?? "—" },
  { key: "error", label: "Problem", wrap: true, cell: (r) => r.error ?? "OK" },
];

/** CSV import: a preview of every row with its problem, then Apply when none is refused. */
function ImportPanel({ programmeId }: { programmeId: number }) {
  const run = useImportAllocations();
  const [csv, setCsv] = useState<string | null>(null);
  const [result, setResult] = useState<AllocationImportResult | null>(null);
  const send = (apply: boolean) => {
    if (csv === null) return;
    run
      .mutateAsync({ programme_id: programmeId, csv, apply })
      .then((r) => {
        setResult(r);
        if (r.applied) notifySuccess(`${r.rows.length} allocations imported.`);
      })
      .catch(() => undefined);
  };
  return (
    <Panel title="Import CSV">
      <Stack gap="sm">
        <Text size="sm">
          Columns: user_id, practice, period_start, allotted (the Export CSV file, edited). Nothing is applied while a
          row is refused.
        </Text>
        <FileInput
          label="CSV file"
          accept=".csv,text/csv"
          onChange={(file) => {
            setResult(null);
            if (file) void file.text().then(setCsv);
            else setCsv(null);
          }}
        />
        <Group>
          <Button variant="default" disabled={csv === null} loading={run.isPending} onClick={() => send(false)}>
            Preview
          </Button>
          <Button
            disabled={!result || result.errors > 0 || result.applied}
            loading={run.isPending}
            onClick={() => send(true)}
          >
            Apply
          </Button>
        </Group>
        {run.error && <Text c="red.8">{run.error.message}</Text>}
        {result && (
          <>
            <Text role="status" fw={600}>
              {result.applied
                ? `Applied ${result.rows.length} rows.`
                : result.errors > 0
                  ? `${result.errors} of ${result.rows.length} rows refused; fix the file and preview it again.`
                  : `${result.rows.length} rows ready to apply.`}
            </Text>
            <DataTable label="Import preview" columns={importColumns} rows={result.rows} rowKey={(r) => r.line} />
          </>
        )}
      </Stack>
    </Panel>
  );
}

/** /admin/allowances/{id} (issue 23 §1): the allocations grid of the programme's current period. */
export function AdminGridRoute() {
  const id = positiveId(useParams().id);
  const grid = useAllocationGrid(id);
  const exporter = useExportAllocations();
  if (grid.isPending) return <PageLoading label="Loading allocations…" blocks={[{ h: 40 }, { h: 300 }]} />;
  if (grid.isError || !id) return <LoadError title="The allocations could not be loaded" query={grid} />;
  const { programme, period_start, rows, department_defaults } = grid.data;
  return (
    <Stack gap="lg">
      <title>{`${programme.name} allocations · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/admin/allowances", label: "Allowances" }]} current={programme.name} />
      <PageHeader title={`${programme.name} allocations`} description={`The ${programme.period} from ${period_start}.`}>
        <Button variant="default" loading={exporter.isPending} onClick={() => exporter.mutate(programme.id)}>
          Export CSV
        </Button>
      </PageHeader>
      {department_defaults.length > 0 && (
        <Text size="sm">
          Department defaults:{" "}
          {department_defaults.map((d) => `${d.department} ${allowanceAmount(d.allotted, programme.unit)}`).join(" · ")}
        </Text>
      )}
      <Panel title="Practices">
        <DataTable label="Allocations" columns={gridColumns(programme.unit)} rows={rows} rowKey={(r) => r.user_id} />
      </Panel>
      <ChangeForms programmeId={programme.id} period={period_start} rows={rows} />
      <ImportPanel programmeId={programme.id} />
    </Stack>
  );
}
