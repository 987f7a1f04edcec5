import {
  Button,
  CloseButton,
  Group,
  MultiSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { type DepartmentDetail, DepartmentFormSchema, EmailSchema, MESSAGES } from "@vetportal/contract";
import { type ReactNode, useId, useMemo, useState } from "react";
import { EditForm, FormSection } from "../../../components/form-fields.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { usePracticeNames } from "../../../lib/list-practice-names.ts";
import type { DepartmentForm as DepartmentRequest } from "../api/create-department.ts";

type DepartmentValues = {
  name: string;
  department_code: string;
  ups_number: string;
  fedex_number: string;
  ltl_freight: string;
  billing_reports: boolean;
  cost_center_required: boolean;
  is_active: boolean;
  user_list: string[];
  cc_order_emails: string[];
};

function toValues(department: DepartmentDetail | undefined): DepartmentValues {
  return {
    name: department?.name ?? "",
    department_code: department?.department_code ?? "",
    ups_number: department?.ups_number ?? "",
    fedex_number: department?.fedex_number ?? "",
    ltl_freight: department?.ltl_freight ?? "",
    billing_reports: department?.billing_reports ?? false,
    cost_center_required: department?.cost_center_required ?? false,
    is_active: department?.is_active ?? true,
    user_list: department?.user_list.map((user) => String(user.id)) ?? [],
    cc_order_emails: department?.cc_order_emails ?? [],
  };
}

function toRequest(values: DepartmentValues): DepartmentRequest {
  return { ...values, user_list: values.user_list.map(Number) };
}

/**
 * CC order emails (SPEC §5 "Department"): Add puts the typed address in the list only when it is
 * not empty and not already there; each address is a chip with a remove button.
 */
function CcEmailsInput({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (emails: string[]) => void;
  error?: ReactNode;
}) {
  const [draft, setDraft] = useState("");
  const [draftError, setDraftError] = useState<string | null>(null);
  const listId = useId();

  function add() {
    const email = draft.trim();
    if (!email) return;
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message ?? MESSAGES.invalidEmailFormat);
      return;
    }
    const isListed = value.some((listed) => listed.toLowerCase() === parsed.data.toLowerCase());
    if (!isListed) onChange([...value, parsed.data]);
    setDraft("");
    setDraftError(null);
  }

  return (
    <Stack gap={6}>
      <TextInput
        label="CC order email"
        description="Gets a copy of every order confirmation of the department. Add it, then save the department."
        type="email"
        autoComplete="off"
        value={draft}
        error={draftError ?? error}
        onChange={(event) => {
          setDraft(event.currentTarget.value);
          setDraftError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            add();
          }
        }}
        rightSectionWidth={84}
        rightSectionPointerEvents="all"
        rightSection={
          <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
            Add
          </Button>
        }
      />
      <Text size="sm" fw={500} id={listId}>
        CC order emails
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          None yet.
        </Text>
      ) : (
        <Group component="ul" gap="xs" aria-labelledby={listId} style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {value.map((email) => (
            <li key={email}>
              <Group gap={2} pl="sm" pr={4} py={2} bg="gray.1" style={{ borderRadius: 999 }} wrap="nowrap">
                <Text size="sm">{email}</Text>
                <CloseButton
                  size="sm"
                  radius="xl"
                  aria-label={`Remove ${email}`}
                  onClick={() => onChange(value.filter((listed) => listed !== email))}
                />
              </Group>
            </li>
          ))}
        </Group>
      )}
    </Stack>
  );
}

interface DepartmentFormProps {
  department?: DepartmentDetail;
  isSaving: boolean;
  onSave: (request: DepartmentRequest) => Promise<unknown>;
}

/** The department form (SPEC §3 "Department", §5): name required, users and CC order emails. */
export function DepartmentForm({ department, isSaving, onSave }: DepartmentFormProps) {
  const practiceNames = usePracticeNames();
  const form = useAppForm<DepartmentValues>({
    initialValues: toValues(department),
    validate: schemaValidator(DepartmentFormSchema, toRequest),
  });

  // Members keep their names even when the picker's list does not have them (yet).
  const userOptions = useMemo(() => {
    const options = new Map<string, string>();
    for (const user of department?.user_list ?? []) options.set(String(user.id), user.name);
    for (const practice of practiceNames.data ?? []) {
      const name = practice.representation || `User ${practice.id}`;
      // A user belongs to one department: say where one comes from, since choosing it moves it here.
      const elsewhere = practice.department_name && practice.department_id !== department?.id;
      options.set(String(practice.id), elsewhere ? `${name} (moves from ${practice.department_name})` : name);
    }
    return [...options].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [department, practiceNames.data]);

  const submit = form.onSubmit((values) => {
    onSave(toRequest(values)).catch((error: unknown) => notifySaveError(form, error));
  });

  return (
    <EditForm
      label="Department"
      onSubmit={submit}
      cancelTo="/Departments/DepartmentReport"
      submitLabel="Save Department"
      isSaving={isSaving}
    >
      <FormSection title="Details">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Department Name" withAsterisk {...form.getInputProps("name")} />
          <TextInput label="Department Code" {...form.getInputProps("department_code")} />
          <TextInput label="UPS Number" {...form.getInputProps("ups_number")} />
          <TextInput label="FedEx Number" {...form.getInputProps("fedex_number")} />
        </SimpleGrid>
        <Textarea label="LTL Freight" autosize minRows={2} maxRows={5} {...form.getInputProps("ltl_freight")} />
        <Group gap="xl">
          <Switch label="Active" {...form.getInputProps("is_active", { type: "checkbox" })} />
          <Switch label="Billing reports" {...form.getInputProps("billing_reports", { type: "checkbox" })} />
          <Switch
            label="Cost center required"
            description="Orders of this department's users must name one of its cost centers."
            {...form.getInputProps("cost_center_required", { type: "checkbox" })}
          />
        </Group>
      </FormSection>
      <FormSection title="Users and order emails">
        <MultiSelect
          label="Users"
          description="Practices and users who belong to the department. A user is in one department at a time: one chosen from another department moves here."
          placeholder={form.values.user_list.length ? undefined : "Search users"}
          data={userOptions}
          searchable
          clearable
          hidePickedOptions
          limit={100}
          nothingFoundMessage="No user by that name"
          {...form.getInputProps("user_list")}
        />
        <CcEmailsInput
          value={form.values.cc_order_emails}
          onChange={(emails) => form.setFieldValue("cc_order_emails", emails)}
          error={form.errors.cc_order_emails}
        />
      </FormSection>
    </EditForm>
  );
}
