import { Button, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, Switch, Text, TextInput } from "@mantine/core";
import {
  APPROVAL_RULE_KIND_LIST,
  APPROVAL_RULE_KINDS,
  type ApprovalRule,
  type ApprovalRuleInput,
  ApprovalRuleInputSchema,
  type ApprovalRuleKind,
  dollarsToCents,
  MAX_APPROVAL_TIERS,
} from "@vetportal/contract";
import { CountInput } from "../../../components/count-input.tsx";
import { FormSection } from "../../../components/form-fields.tsx";
import { MoneyInput } from "../../../components/money-input.tsx";
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
  /** The approvers of each step (ids as strings); an empty later step is left out. */
  tiers: string[][];
  is_active: boolean;
}

const STEPS = Array.from({ length: MAX_APPROVAL_TIERS }, (_, i) => i);
const text = (n: number | null) => (n === null ? "" : n);

/** The form's values for a new rule, or for the rule being changed. */
function valuesOf(rule?: ApprovalRule): RuleValues {
  return {
    name: rule?.name ?? "",
    kind: rule?.kind ?? "order_total",
    department_id: rule?.department_id ? String(rule.department_id) : "",
    amount: rule?.amount_cents == null ? "" : (rule.amount_cents / 100).toFixed(2),
    product_id: text(rule?.product_id ?? null),
    category_id: text(rule?.category_id ?? null),
    quantity: text(rule?.quantity ?? null),
    tiers: STEPS.map((i) => (rule?.tiers[i] ?? []).map(String)),
    is_active: rule?.is_active ?? true,
  };
}

const num = (v: number | string) => (v === "" ? null : Number(v));

/** The request: only the figures the kind uses, and the steps that name someone. */
export function toRuleRequest(v: RuleValues, id?: number): ApprovalRuleInput {
  const quantityKind = v.kind === "product_quantity" || v.kind === "category_quantity";
  return {
    ...(id === undefined ? {} : { id }),
    name: v.name,
    kind: v.kind,
    department_id: v.department_id ? Number(v.department_id) : null,
    amount_cents: v.kind === "order_total" && v.amount !== "" ? dollarsToCents(v.amount) : null,
    product_id: v.kind === "product_quantity" ? num(v.product_id) : null,
    category_id: v.kind === "category_quantity" ? num(v.category_id) : null,
    quantity: quantityKind ? num(v.quantity) : null,
    tiers: v.tiers.filter((tier) => tier.length > 0).map((tier) => tier.map(Number)),
    is_active: v.is_active,
  };
}

/** The figure a kind of rule needs: an amount, a product or category and a quantity, or nothing. */
function KindFields({ form }: { form: ReturnType<typeof useAppForm<RuleValues>> }) {
  const kind = form.values.kind;
  return (
    <>
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
    </>
  );
}

function PersonOption({ name, email }: { name: string; email: string | null | undefined }) {
  return (
    <div>
      <Text size="sm">{name}</Text>
      {email && (
        <Text size="xs" c="dimmed">
          {email}
        </Text>
      )}
    </div>
  );
}

/**
 * Add a rule, or change one (`rule`): what it checks, for the customer or one department, and who
 * approves, in up to three steps (users with is_approver, or administrators).
 */
export function RuleForm({ rule, onDone }: { rule?: ApprovalRule; onDone: () => void }) {
  const save = useSaveRule();
  const approvers = useApprovers();
  const departments = useDepartmentOptions();
  const form = useAppForm<RuleValues>({
    initialValues: valuesOf(rule),
    validate: schemaValidator(ApprovalRuleInputSchema, (v) => toRuleRequest(v, rule?.id)),
  });
  // The chosen are pills of their names (a phone has no room for the email); the list shows both.
  const people = (approvers.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const emailOf = new Map((approvers.data ?? []).map((a) => [String(a.id), a.email]));
  const title = rule ? `Change ${rule.name}` : "Add a rule";
  const submit = (values: RuleValues) =>
    void save.mutateAsync(toRuleRequest(values, rule?.id)).then(
      () => {
        notifySuccess(`Rule "${values.name}" saved.`);
        onDone();
      },
      (error: unknown) => notifySaveError(form, error),
    );
  return (
    <form noValidate aria-label={title} onSubmit={form.onSubmit(submit)}>
      <FormSection title={title}>
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
          <KindFields form={form} />
          {STEPS.map((i) => (
            <MultiSelect
              key={i}
              label={i === 0 ? "Approvers, step 1" : `Approvers, step ${i + 1} (optional)`}
              withAsterisk={i === 0}
              data={people}
              renderOption={({ option }) => <PersonOption name={option.label} email={emailOf.get(option.value)} />}
              searchable
              {...form.getInputProps(`tiers.${i}`)}
              error={i === 0 ? (form.errors["tiers.0"] ?? form.errors.tiers) : form.errors[`tiers.${i}`]}
            />
          ))}
        </SimpleGrid>
        <Stack gap="sm">
          <Switch label="Active" {...form.getInputProps("is_active", { type: "checkbox" })} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {rule ? "Save Rule" : "Add Rule"}
            </Button>
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </FormSection>
    </form>
  );
}
