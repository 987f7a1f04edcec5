import { Button, NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { AdjustmentSchema, type AllocationRow, AllocationSetSchema } from "@vetportal/contract";
import { CountInput } from "../../../components/count-input.tsx";
import { FormSection } from "../../../components/form-fields.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAdjust, useSetAllocation } from "../api/admin.ts";

type ChangeValues = { user_id: string; allotted: number | string; delta: number | string; reason: string };

/** Set a practice's own allocation for the period, or adjust its balance with a reason. */
export function ChangeForms({
  programmeId,
  period,
  rows,
}: {
  programmeId: number;
  period: string;
  rows: AllocationRow[];
}) {
  const set = useSetAllocation();
  const adjust = useAdjust();
  // A native list: typing a name's first letters finds it, and a phone opens its own picker.
  const practices = [
    { value: "", label: "Choose a practice" },
    ...rows.map((r) => ({ value: String(r.user_id), label: r.practice })),
  ];
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
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
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
          <NativeSelect label="Practice" data={practices} withAsterisk {...setForm.getInputProps("user_id")} />
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
          <NativeSelect label="Practice" data={practices} withAsterisk {...adjustForm.getInputProps("user_id")} />
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
    </SimpleGrid>
  );
}
