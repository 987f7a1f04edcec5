import { MultiSelect, Stack, Switch, TextInput, Title } from "@mantine/core";
import { type CostCenter, CostCenterFormSchema, MESSAGES } from "@vetportal/contract";
import { useMemo } from "react";
import { useNavigate, useParams } from "react-router";
import { EditForm, FormSection } from "../../../components/form-fields.tsx";
import { PageCrumbs } from "../../../components/page-crumbs.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "../../../components/page-state.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { positiveId } from "../../../lib/route-params.ts";
import { type CostCenterForm as CostCenterRequest, useCreateCostCenter } from "../api/create-cost-center.ts";
import { useCostCenter } from "../api/get-cost-center.ts";
import { useUpdateCostCenter } from "../api/update-cost-center.ts";

type CostCenterValues = {
  name: string;
  is_active: boolean;
  department_list: string[];
};

function toRequest(values: CostCenterValues): CostCenterRequest {
  return { ...values, department_list: values.department_list.map(Number) };
}

function CostCenterForm({
  costCenter,
  isSaving,
  onSave,
}: {
  costCenter?: CostCenter;
  isSaving: boolean;
  onSave: (request: CostCenterRequest) => Promise<unknown>;
}) {
  const departments = useDepartmentOptions();
  const form = useAppForm<CostCenterValues>({
    initialValues: {
      name: costCenter?.name ?? "",
      is_active: costCenter?.is_active ?? true,
      department_list: costCenter?.department_list.map(String) ?? [],
    },
    validate: schemaValidator(CostCenterFormSchema, toRequest),
  });

  // Linked departments keep their names even before (or without) the department list.
  const options = useMemo(() => {
    const byId = new Map((departments.data ?? []).map((option) => [option.value, option.label]));
    costCenter?.department_list.forEach((id, index) => {
      if (!byId.has(String(id))) byId.set(String(id), costCenter.department_names[index] ?? `Department ${id}`);
    });
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [departments.data, costCenter]);

  const submit = form.onSubmit((values) => {
    onSave(toRequest(values)).catch((error: unknown) => notifySaveError(form, error));
  });

  return (
    <EditForm
      label="Cost center"
      onSubmit={submit}
      cancelTo="/CostCenter/CostCenterReport"
      submitLabel="Save Cost Center"
      isSaving={isSaving}
    >
      <FormSection>
        <TextInput label="Cost Center Name" withAsterisk {...form.getInputProps("name")} />
        <MultiSelect
          label="Departments"
          placeholder={form.values.department_list.length ? undefined : "Choose departments"}
          data={options}
          searchable
          clearable
          hidePickedOptions
          withAsterisk
          nothingFoundMessage="No department by that name"
          {...form.getInputProps("department_list")}
        />
        <Switch label="Active" {...form.getInputProps("is_active", { type: "checkbox" })} />
      </FormSection>
    </EditForm>
  );
}

function Header({ title, name }: { title: string; name?: string }) {
  return (
    <Stack gap="xs">
      <title>{`${title} · Vet Portal`}</title>
      <PageCrumbs trail={[{ to: "/CostCenter/CostCenterReport", label: "Cost Centers" }]} current={name ?? title} />
      <Title order={1}>{title}</Title>
    </Stack>
  );
}

/** /CostCenter/CostCenterDetail/{id?} (SPEC §2): add or modify a cost center; saved goes back to the list. */
export function CostCenterDetailRoute() {
  const params = useParams();
  const id = positiveId(params.id);
  const navigate = useNavigate();
  const costCenter = useCostCenter(id);
  const createCostCenter = useCreateCostCenter();
  const updateCostCenter = useUpdateCostCenter();

  const isMissing = (params.id !== undefined && id === undefined) || isNotFound(costCenter.error);
  if (isMissing) {
    return (
      <RecordNotFound
        title="Cost center not found"
        message="This cost center does not exist or has been deleted."
        backTo="/CostCenter/CostCenterReport"
        backLabel="Back to Cost Centers"
      />
    );
  }

  const title = id === undefined ? "Add a New Cost Center" : "Modify Cost Center";
  if (id !== undefined && costCenter.isPending) {
    return <PageLoading label="Loading cost center…" blocks={[{ h: 36, w: 320 }, { h: 220 }]} maw={720} />;
  }
  if (id !== undefined && costCenter.isError) {
    return (
      <Stack gap="lg" maw={720}>
        <Header title={title} />
        <LoadError title="The cost center could not be loaded" query={costCenter} />
      </Stack>
    );
  }

  const loaded = id === undefined ? undefined : costCenter.data;
  return (
    <Stack gap="lg" maw={720}>
      <Header title={title} name={loaded?.name} />
      <CostCenterForm
        key={loaded?.id ?? "new"}
        costCenter={loaded}
        isSaving={createCostCenter.isPending || updateCostCenter.isPending}
        onSave={async (request) => {
          if (id === undefined) {
            await createCostCenter.mutateAsync(request);
            notifySuccess(MESSAGES.costCenterAdded);
          } else {
            await updateCostCenter.mutateAsync({ ...request, id });
            notifySuccess(MESSAGES.costCenterUpdated);
          }
          navigate("/CostCenter/CostCenterReport");
        }}
      />
    </Stack>
  );
}
