import { Button, NativeSelect, TextInput } from "@mantine/core";
import { AdjustmentSchema, type AllocationRow, AllocationSetSchema } from "@vetportal/contract";
import { CountInput } from "../../../components/count-input.tsx";
import { FormSection } from "../../../components/form-fields.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useAdjust, useSetAllocation } from "../api/admin.ts";

type ChangeValues = { user_id: string; allotted: number | string; delta: number | string; reason: string };

/** What both forms change: a practice of the grid's rows, in the programme's period. */
interface ChangeFormProps {
  programmeId: number;
  period: string;
  rows: AllocationRow[];
}

// A native list: typing a name's first letters finds it, and a phone opens its own picker.
const practiceChoices = (rows: AllocationRow[]) => [
  { value: "", label: "Choose a practice" },
  ...rows.map((r) => ({ value: String(r.user_id), label: r.practice })),
];

/** Set a practice's own allocation for the period. */
export function SetAllocationForm({ programmeId, period, rows }: ChangeFormProps) {
  const set = useSetAllocation();
  const base = { programme_id: programmeId, period };
  const form = useAppForm<Pick<ChangeValues, "user_id" | "allotted">>({
    initialValues: { user_id: "", allotted: "" },
    validate: schemaValidator(AllocationSetSchema, (v) => ({
      ...base,
      user_id: Number(v.user_id),
      allotted: v.allotted === "" ? undefined : Number(v.allotted),
    })),
  });
  return (
    <form
      noValidate
      aria-label="Set an allocation"
      onSubmit={form.onSubmit((v) => {
        set
          .mutateAsync({ ...base, user_id: Number(v.user_id), allotted: Number(v.allotted) })
          .then(() => notifySuccess("Allocation set."))
          .catch((error: unknown) => notifySaveError(form, error));
      })}
    >
      <FormSection title="Set an allocation">
        <NativeSelect label="Practice" data={practiceChoices(rows)} withAsterisk {...form.getInputProps("user_id")} />
        <CountInput label="Allotted this period" withAsterisk {...form.getInputProps("allotted")} />
        <Button type="submit" loading={set.isPending}>
          Set Allocation
        </Button>
      </FormSection>
    </form>
  );
}

/** Adjust a practice's balance for the period, with a reason. */
export function AdjustBalanceForm({ programmeId, period, rows }: ChangeFormProps) {
  const adjust = useAdjust();
  const base = { programme_id: programmeId, period };
  const form = useAppForm<Omit<ChangeValues, "allotted">>({
    initialValues: { user_id: "", delta: "", reason: "" },
    validate: schemaValidator(AdjustmentSchema, (v) => ({
      ...base,
      user_id: Number(v.user_id),
      delta: v.delta === "" ? undefined : Number(v.delta),
      reason: v.reason,
    })),
  });
  return (
    <form
      noValidate
      aria-label="Adjust a balance"
      onSubmit={form.onSubmit((v) => {
        adjust
          .mutateAsync({ ...base, user_id: Number(v.user_id), delta: Number(v.delta), reason: v.reason })
          .then(() => notifySuccess("Balance adjusted."))
          .catch((error: unknown) => notifySaveError(form, error));
      })}
    >
      <FormSection title="Adjust a balance">
        <NativeSelect label="Practice" data={practiceChoices(rows)} withAsterisk {...form.getInputProps("user_id")} />
        <CountInput label="Change (negative takes away)" allowNegative withAsterisk {...form.getInputProps("delta")} />
        <TextInput label="Reason" withAsterisk {...form.getInputProps("reason")} />
        <Button type="submit" loading={adjust.isPending}>
          Adjust Balance
        </Button>
      </FormSection>
    </form>
  );
}
