import { Alert, Divider, NativeSelect, SimpleGrid, Switch, Text, TextInput } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import { AddUserRequestSchema, MESSAGES, USER_LEVEL, USER_LEVELS } from "@vetportal/contract";
import { useState } from "react";
import {
  EditForm,
  EmailField,
  FormSection,
  PhoneField,
  StreetAddressFields,
} from "../../../components/form-fields.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator, setServerErrors } from "../../../lib/form-validation.ts";
import { useDepartmentOptions } from "../../../lib/list-departments.ts";
import type { AddUserRequest } from "../api/create-user.ts";

export type PracticeValues = {
  practice_name: string;
  email: string;
  phone: string;
  contact: string;
  line1: string;
  city: string;
  state: string;
  zip_code: string;
  user_level_id: string;
  is_approver: boolean;
  requires_approval: boolean;
  department_id: string;
};

export const EMPTY_PRACTICE: PracticeValues = {
  practice_name: "",
  email: "",
  phone: "",
  contact: "",
  line1: "",
  city: "",
  state: "",
  zip_code: "",
  user_level_id: String(USER_LEVEL.USER),
  is_approver: false,
  requires_approval: false,
  department_id: "",
};

const LEVEL_OPTIONS = USER_LEVELS.map((l) => ({ value: String(l.id), label: l.name }));

function toRequest(values: PracticeValues): AddUserRequest {
  return {
    ...values,
    user_level_id: Number(values.user_level_id),
    department_id: values.department_id ? Number(values.department_id) : null,
  };
}

interface PracticeFormProps {
  initialValues: PracticeValues;
  submitLabel: string;
  /** Where Cancel goes: the list, with the filters it had. */
  cancelTo?: string;
  isSaving: boolean;
  /** Sends the practice; rejects with the server's failure. */
  onSave: (request: AddUserRequest) => Promise<unknown>;
}

/**
 * The practice form of Add User and Modify User (SPEC §2, §5): the sign-up fields plus the role
 * fields an administrator sets. The address must be deliverable; otherwise the server answers
 * ADDRESS_NOT_DELIVERABLE and the message appears in red under the zip code.
 */
export function PracticeForm({
  initialValues,
  submitLabel,
  cancelTo = "/userreport",
  isSaving,
  onSave,
}: PracticeFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const departments = useDepartmentOptions();
  const form = useAppForm<PracticeValues>({
    initialValues,
    validate: schemaValidator(AddUserRequestSchema, toRequest),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    onSave(toRequest(values)).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "ADDRESS_NOT_DELIVERABLE") {
        form.setFieldError("zip_code", MESSAGES.addressNotDeliverable);
      } else {
        setServerErrors(form, error);
      }
      setFailure(errorMessage(error));
    });
  });

  return (
    <EditForm label="Practice" onSubmit={submit} cancelTo={cancelTo} submitLabel={submitLabel} isSaving={isSaving}>
      {failure && (
        <Alert
          color="red"
          variant="light"
          title={MESSAGES.practiceSaveFailed}
          icon={<IconAlertCircle aria-hidden />}
          role="alert"
        >
          {failure}
        </Alert>
      )}
      <FormSection title="Practice">
        <Text size="sm" c="dimmed">
          {MESSAGES.shippingNoteUsOnly}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Practice Name"
            autoComplete="organization"
            withAsterisk
            {...form.getInputProps("practice_name")}
          />
          <TextInput label="Contact" autoComplete="name" withAsterisk {...form.getInputProps("contact")} />
          <EmailField form={form} name="email" label="Email" withAsterisk />
          <PhoneField form={form} name="phone" label="Phone" withAsterisk />
        </SimpleGrid>
        <StreetAddressFields form={form} />
      </FormSection>

      <FormSection title="Role">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NativeSelect label="Level" data={LEVEL_OPTIONS} {...form.getInputProps("user_level_id")} />
          <NativeSelect
            label="Department"
            data={[{ value: "", label: "No department" }, ...(departments.data ?? [])]}
            {...form.getInputProps("department_id")}
          />
        </SimpleGrid>
        <Switch
          label="Approver"
          description="May approve orders that wait for approval."
          {...form.getInputProps("is_approver", { type: "checkbox" })}
        />
        <Switch
          label="Orders need approval"
          description="Every order of this user waits for an approver (an approval rule for flagged users decides who)."
          {...form.getInputProps("requires_approval", { type: "checkbox" })}
        />
      </FormSection>

      <Divider />
    </EditForm>
  );
}
