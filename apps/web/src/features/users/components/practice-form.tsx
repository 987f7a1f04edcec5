import {
  Alert,
  Button,
  Divider,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { AddUserRequestSchema, formatPhone, MESSAGES, US_STATES, USER_LEVEL, USER_LEVELS } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
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
  department_id: "",
};

const STATE_OPTIONS = [
  { value: "", label: "Select a state" },
  ...US_STATES.map((s) => ({ value: s.code, label: s.name })),
];
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
  const form = useForm<PracticeValues>({
    initialValues,
    validate: (values) => schemaErrors(AddUserRequestSchema, toRequest(values)),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    onSave(toRequest(values)).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === "ADDRESS_NOT_DELIVERABLE") {
        form.setFieldError("zip_code", MESSAGES.addressNotDeliverable);
      } else if (error instanceof ApiError) {
        form.setErrors(error.fields);
      }
      setFailure(errorMessage(error));
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Practice">
      <Stack gap="lg">
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
        <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Practice
            </Title>
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
              <TextInput
                label="Email"
                type="email"
                autoComplete="email"
                withAsterisk
                {...form.getInputProps("email")}
              />
              <TextInput
                label="Phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                placeholder="555-555-5555"
                withAsterisk
                {...form.getInputProps("phone")}
                onChange={(event) => form.setFieldValue("phone", formatPhone(event.currentTarget.value))}
              />
            </SimpleGrid>
            <TextInput label="Address" autoComplete="address-line1" withAsterisk {...form.getInputProps("line1")} />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <TextInput label="City" autoComplete="address-level2" withAsterisk {...form.getInputProps("city")} />
              <NativeSelect
                label="State"
                autoComplete="address-level1"
                withAsterisk
                data={STATE_OPTIONS}
                {...form.getInputProps("state")}
              />
              <TextInput
                label="Zip Code"
                autoComplete="postal-code"
                inputMode="numeric"
                withAsterisk
                {...form.getInputProps("zip_code")}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              Role
            </Title>
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
          </Stack>
        </Paper>

        <Divider />
        <Group justify="flex-end">
          <Button component={Link} to={cancelTo} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
