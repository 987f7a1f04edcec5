import { Button, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import {
  APPROVAL_RULE_KIND_LIST,
  APPROVAL_RULE_KINDS,
  type ApprovalRuleInput,
  ApprovalRuleInputSchema,
  type ApprovalRuleKind,
} from "@vetportal/contract";
import { CountInput, FormSection, MoneyInput } from "../../../components/form-fields.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { useApprovers, useSaveRule } from "../api/approval-rules.ts";

interface RuleValues extends Record<string, unknown> {
  name: string;
  kind: ApprovalRuleKind;
  department_id: string;
  amount: number | string;
  product_id: number | string;
  category_id: number | string;
  quantity: number | string;
  tier1: string[];
  tier2: string[];
  is_active: boolean;
}

const EMPTY: RuleValues = {
  name: "",
  kind: "order_total",
  department_id: "",
  amount: "",
  product_id: "",
  category_id: "",
  quantity: "",
  tier1: [],
  tier2: [],
  is_active: true,
};

const num = (v: number | string) => (v === "" ? null : Number(v));

function toRequest(v: RuleValues): ApprovalRuleInput {
  const amount = num(v.amount);
  return {
    name: v.name,
    kind: v.kind,
    department_id: v.department_id ? Number(v.department_id) : null,
    amount_cents: amount === null ? null : Math.round(amount * 100),
    product_id: num(v.product_id),
    category_id: num(v.category_id),
    quantity: num(v.quantity),
    tiers: [v.tier1, v.tier2].filter((tier) => tier.length > 0).map((tier) => tier.map(Number)),
    is_active: v.is_active,
  };
}

/** Add a rule: what it checks, for whom, and who approves, in one or two steps. */
export function RuleForm() {
  const save = useSaveRule();
  const approvers = useApprovers();
  const departments = useDepartmentOptions();
  const form = useAppForm<RuleValues>({
    initialValues: EMPTY,
    validate: schemaValidator(ApprovalRuleInputSchema, toRequest),
  });
  const people = (approvers.data ?? []).map((a) => ({
    value: String(a.id),
    label: a.email ? `${a.name} (${a.email})` : a.name,
  }));
  const kind = form.values.kind;
  const submit = (values: RuleValues) =>
    void save.mutateAsync(toRequest(values)).then(
      () => {
        notifySuccess(`Rule "${values.name}" saved.`);
        form.setValues(EMPTY);
      },
      (error: unknown) => notifySaveError(form, error),
    );
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <FormSection title="Add a rule">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" withAsterisk {...form.getInputProps("name")} />
          <NativeSelect
            label="Needs approval when"
            data={APPROVAL_RULE_KIND_LIST.map((k) => ({ value: k, label: APPROVAL_RULE_KINDS[k] }))}
            {...form.getInputProps("kind")}
          />
          <NativeSelect
            label="For"
            data={[{ value: "", label: "Every department" }, ...(departments.data ?? [])]}
            {...form.getInputProps("department_id")}
          />
          {kind === "order_total" && (
            <MoneyInput
              label="Order total above"
              withAsterisk
              {...form.getInputProps("amount")}
              error={form.errors.amount_cents}
            />
          )}
          {kind === "product_quantity" && (
            <CountInput label="Product id" withAsterisk {...form.getInputProps("product_id")} />
          )}
          {kind === "category_quantity" && (
            <CountInput label="Category id" withAsterisk {...form.getInputProps("category_id")} />
          )}
          {(kind === "product_quantity" || kind === "category_quantity") && (
            <CountInput label="Packs above" withAsterisk {...form.getInputProps("quantity")} />
          )}
          <MultiSelect
            label="Approvers, step 1"
            withAsterisk
            data={people}
            searchable
            {...form.getInputProps("tier1")}
            error={form.errors.tier1 ?? form.errors.tiers ?? form.errors["tiers.0"]}
          />
          <MultiSelect label="Approvers, step 2 (optional)" data={people} searchable {...form.getInputProps("tier2")} />
        </SimpleGrid>
        <Stack gap="sm">
          <Switch label="Active" {...form.getInputProps("is_active", { type: "checkbox" })} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              Add rule
            </Button>
          </Group>
        </Stack>
      </FormSection>
    </form>
  );
}
