import { Anchor, Button, Divider, Group, Modal, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import { IconPhone } from "@tabler/icons-react";
import {
  formatPhone,
  MESSAGES,
  PHONE_PATTERN,
  SUPPORT_CATEGORIES,
  type SupportRequest,
  SupportRequestSchema,
} from "@vetportal/contract";
import { EmailField, PhoneField } from "../../../components/form-fields.tsx";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator, setServerErrors } from "../../../lib/form-validation.ts";
import { useSettings } from "../../../lib/get-settings.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useSession } from "../../../lib/session.ts";
import { useCreateSupportRequest } from "../api/create-support-request.ts";

type FieldName = Exclude<keyof SupportRequest, "method">;
// A type alias, not an interface: the form wants a plain record.
type Values = Record<FieldName, string>;

const CATEGORY_OPTIONS = [
  { value: "", label: "Select an area" },
  ...SUPPORT_CATEGORIES.map((c) => ({ value: c, label: c })),
];

/** The contract's rules, and the phone's ddd-ddd-dddd shape; the app's own messages (issue 22 §6). */
const validateRequest = (values: Values) => {
  const errors = schemaValidator(SupportRequestSchema)(values);
  if (!errors.phone && !PHONE_PATTERN.test(values.phone)) errors.phone = MESSAGES.phoneFormat;
  return errors;
};

function SupportForm({ onDone }: { onDone: () => void }) {
  const profile = useSession()?.profile;
  const createRequest = useCreateSupportRequest();
  const form = useAppForm<Values>({
    initialValues: {
      full_name: [profile?.first_name, profile?.last_name].filter(Boolean).join(" "),
      email: profile?.email ?? "",
      phone: formatPhone(profile?.phone ?? ""),
      support_category: "",
      description: "",
    },
    validate: validateRequest,
  });

  const submit = form.onSubmit((values) => {
    const request = SupportRequestSchema.parse(values);
    createRequest.mutate(
      {
        ...request,
        full_name: request.full_name.trim(),
        email: request.email.trim(),
        description: request.description.trim(),
      },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.supportSubmitted);
          onDone();
        },
        onError: (error) => {
          notifyError(MESSAGES.supportFailed);
          setServerErrors(form, error);
        },
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Customer Service request">
      <Stack gap="sm">
        <TextInput
          label="Your Name"
          autoComplete="name"
          withAsterisk
          maxLength={200}
          {...form.getInputProps("full_name")}
        />
        <EmailField form={form} name="email" label="Email" withAsterisk maxLength={254} />
        <PhoneField form={form} name="phone" label="Phone" withAsterisk />
        <NativeSelect
          label="Area you are having issue with"
          withAsterisk
          data={CATEGORY_OPTIONS}
          {...form.getInputProps("support_category")}
        />
        <GrowingTextarea
          label="Please describe the issue"
          withAsterisk
          minRows={4}
          maxRows={10}
          maxLength={5000}
          {...form.getInputProps("description")}
        />
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={createRequest.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Customer Service modal (SPEC §2), opened from the header. */
export function CustomerServiceModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const settings = useSettings();
  const phone = settings.data?.support_phone;

  return (
    <Modal opened={opened} onClose={onClose} title="Customer Service" size={478}>
      <Stack gap="md">
        <Text size="sm">
          If you are experiencing issues placing an order or receiving an error, please fill out the form below. The
          information you provide helps our support team resolve the issue quickly.
        </Text>
        <SupportForm onDone={onClose} />
        <Divider />
        <Stack gap={2}>
          {phone && (
            <Group gap={6} wrap="nowrap">
              <IconPhone size={16} aria-hidden />
              <Text size="sm">
                Phone: <Anchor href={`tel:${phone}`}>{phone}</Anchor>
              </Text>
            </Group>
          )}
          <Text size="sm" c="dimmed">
            {MESSAGES.supportHours}
          </Text>
        </Stack>
      </Stack>
    </Modal>
  );
}
