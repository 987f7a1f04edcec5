import { Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from "@mantine/core";
import {
  ALLOWANCE_PERIODS,
  ALLOWANCE_SCOPES,
  ALLOWANCE_UNITS,
  allowanceAmount,
  OVER_BALANCE_LABELS,
  OVER_BALANCE_POLICIES,
  type Programme,
  ProgrammeFormSchema,
} from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { CountInput } from "../../../components/count-input.tsx";
import { FormSection } from "../../../components/form-fields.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { Panel } from "../../../components/panel.tsx";
import { actionsColumn, DataTable, statusColumn, type TableColumn } from "../../../components/table/data-table.tsx";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { type ProgrammeRequest, programmesOptions, useProgrammes, useSaveProgramme } from "../api/admin.ts";

type Values = Omit<ProgrammeRequest, "scope_ids" | "warning_percent" | "default_allotted"> & {
  scope_ids: string;
  warning_percent: number | string;
  default_allotted: number | string;
};

const toRequest = (v: Values): ProgrammeRequest => ({
  ...v,
  scope_ids: v.scope_ids
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number),
  warning_percent: Number(v.warning_percent),
  default_allotted: Number(v.default_allotted),
});

const options = (list: readonly string[]) =>
  list.map((value) => ({ value, label: value[0]?.toUpperCase() + value.slice(1) }));

/** Add or change a programme (dollars are entered in cents, as the ledger keeps them). */
function ProgrammeForm({ programme, onDone }: { programme?: Programme; onDone: () => void }) {
  const save = useSaveProgramme();
  const form = useAppForm<Values>({
    initialValues: {
      name: programme?.name ?? "",
      period: programme?.period ?? "quarter",
      unit: programme?.unit ?? "packs",
      scope: programme?.scope ?? "all",
      scope_ids: programme?.scope_ids.join(", ") ?? "",
      over_balance: programme?.over_balance ?? "refuse",
      rollover: programme?.rollover ?? false,
      warning_percent: programme?.warning_percent ?? 80,
      default_allotted: programme?.default_allotted ?? 0,
      active: programme?.active ?? true,
    },
    validate: schemaValidator(ProgrammeFormSchema, toRequest),
  });
  const submit = form.onSubmit((values) => {
    save
      .mutateAsync({ ...toRequest(values), ...(programme ? { id: programme.id } : {}) })
      .then(() => {
        notifySuccess(programme ? "Programme saved." : "Programme added.");
        onDone();
      })
      .catch((error: unknown) => notifySaveError(form, error));
  });
  return (
    <form onSubmit={submit} noValidate aria-label={programme ? `Change ${programme.name}` : "Add a programme"}>
      <FormSection title={programme ? `Change ${programme.name}` : "Add a programme"}>
        <TextInput label="Name" withAsterisk {...form.getInputProps("name")} />
        <Group grow wrap="wrap" align="flex-start">
          <NativeSelect label="Period" data={options(ALLOWANCE_PERIODS)} {...form.getInputProps("period")} />
          <NativeSelect label="Unit" data={options(ALLOWANCE_UNITS)} {...form.getInputProps("unit")} />
        </Group>
        <Group grow wrap="wrap" align="flex-start">
          <NativeSelect
            label="What counts"
            data={[
              { value: ALLOWANCE_SCOPES[0], label: "All products" },
              { value: ALLOWANCE_SCOPES[1], label: "Some categories" },
              { value: ALLOWANCE_SCOPES[2], label: "Some products" },
            ]}
            {...form.getInputProps("scope")}
          />
          <TextInput
            label="Category or product ids"
            description="Separated by commas; empty for all products"
            {...form.getInputProps("scope_ids")}
          />
        </Group>
        <NativeSelect
          label="Over the balance"
          data={OVER_BALANCE_POLICIES.map((value) => ({ value, label: OVER_BALANCE_LABELS[value] }))}
          {...form.getInputProps("over_balance")}
        />
        <Group grow wrap="wrap" align="flex-start">
          <CountInput label="Warning level (%)" min={0} max={100} {...form.getInputProps("warning_percent")} />
          <CountInput
            label="Default allotment per period"
            description="Packs, or cents for dollars"
            {...form.getInputProps("default_allotted")}
          />
        </Group>
        <Switch
          label="Roll the unused balance over to the next period"
          {...form.getInputProps("rollover", { type: "checkbox" })}
        />
        <Switch label="Active" {...form.getInputProps("active", { type: "checkbox" })} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {programme ? "Save Programme" : "Add Programme"}
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </FormSection>
    </form>
  );
}

/** A fresh visit's programmes are in its first paint (lib/first-data-loader.ts). */
export function adminProgrammesLoader() {
  return loadFirstData([programmesOptions()]);
}

/** /admin/allowances (issue 23 §1): the sponsor's programmes; each opens its allocations grid. */
export function AdminProgrammesRoute() {
  const programmes = useProgrammes();
  const [editing, setEditing] = useState<Programme | "new" | null>(null);
  const columns: TableColumn<Programme>[] = [
    {
      key: "name",
      label: "Programme",
      cell: (p) => <Link to={`/admin/allowances/${p.id}`}>{p.name}</Link>,
      role: "title",
      rowHeader: true,
    },
    { key: "period", label: "Period", cell: (p) => p.period },
    { key: "default", label: "Default", numeric: true, cell: (p) => allowanceAmount(p.default_allotted, p.unit) },
    { key: "over", label: "Over the balance", cell: (p) => OVER_BALANCE_LABELS[p.over_balance], wrap: true },
    statusColumn((p) => p.active),
    actionsColumn((p) => (
      <Button size="xs" variant="default" onClick={() => setEditing(p)} aria-label={`Change ${p.name}`}>
        Change
      </Button>
    )),
  ];
  return (
    <Stack gap="lg">
      <title>Allowances · Vet Portal</title>
      <PageHeader
        title="Allowances"
        description="Programmes, what each practice may order per period, and what happens over it."
      >
        <Button onClick={() => setEditing("new")}>Add Programme</Button>
      </PageHeader>
      {editing && (
        <ProgrammeForm
          key={editing === "new" ? "new" : editing.id}
          programme={editing === "new" ? undefined : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {programmes.isPending ? (
        <PageLoading label="Loading programmes…" blocks={[{ h: 160 }]} />
      ) : programmes.isError ? (
        <LoadError title="The programmes could not be loaded" query={programmes} />
      ) : programmes.data.length === 0 ? (
        <Text>No programme yet.</Text>
      ) : (
        <Panel title="Programmes">
          <DataTable label="Programmes" columns={columns} rows={programmes.data} rowKey={(p) => p.id} />
        </Panel>
      )}
    </Stack>
  );
}
