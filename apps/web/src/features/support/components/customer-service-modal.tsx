import { Anchor, Button, Divider, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconPhone } from "@tabler/icons-react";
import {
  formatPhone,
  MESSAGES,
  PHONE_PATTERN,
  SUPPORT_CATEGORIES,
  type SupportRequest,
  SupportRequestSchema,
} from "@vetportal/contract";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { PhoneInput } from "../../../components/form-fields.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useSettings } from "../../../lib/get-settings.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useSession } from "../../../lib/session.ts";
import { useCreateSupportRequest } from "../api/create-support-request.ts";

type FieldName = Exclude<keyof SupportRequest, "method">;
type Values = Record<FieldName, string>;

const CATEGORY_OPTIONS = [
  { value: "", label: "Select an area" },
  ...SUPPORT_CATEGORIES.map((c) => ({ value: c, label: c })),
];

function isSupportCategory(value: string): value is SupportRequest["support_category"] {
  return (SUPPORT_CATEGORIES as readonly string[]).includes(value);
}

/** The browser's own verdict on every named field of the form (SPEC §5 "Support form"). */
function invalidFields(form: HTMLFormElement): Partial<Values> {
  const errors: Partial<Values> = {};
  for (const element of Array.from(form.elements)) {
    if (
      (element instanceof HTMLInputElement ||
        element instanceof HTMLTextAreaElement ||
        element instanceof HTMLSelectElement) &&
      element.name &&
      !element.validity.valid
    ) {
      errors[element.name as FieldName] = element.validationMessage;
    }
  }
  return errors;
}

/** The server's email rule, reported through the browser's validity check like the rest. */
function checkEmail(input: HTMLInputElement) {
  const value = input.value.trim();
  const invalid = value !== "" && !SupportRequestSchema.shape.email.safeParse(value).success;
  input.setCustomValidity(invalid ? MESSAGES.invalidEmailFormat : "");
}

function SupportForm({ onDone }: { onDone: () => void }) {
  const session = useSession();
  const profile = session?.profile;
  const [values, setValues] = useState<Values>({
    full_name: [profile?.first_name, profile?.last_name].filter(Boolean).join(" "),
    email: profile?.email ?? "",
    phone: formatPhone(profile?.phone ?? ""),
    support_category: "",
    description: "",
  });
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [attempted, setAttempted] = useState(false);
  const createRequest = useCreateSupportRequest();

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) {
    const element = event.currentTarget;
    const name = element.name as FieldName;
    const value = name === "phone" ? formatPhone(element.value) : element.value;
    // Write the masked value now so the validity read below sees what the field will show.
    if (value !== element.value) element.value = value;
    if (element instanceof HTMLInputElement && name === "email") checkEmail(element);
    setValues((current) => ({ ...current, [name]: value }));
    if (attempted) {
      const message = element.validity.valid ? undefined : element.validationMessage;
      setErrors((current) => ({ ...current, [name]: message }));
    }
  }

  /** A named field's value, change handler and error. */
  function field(name: FieldName) {
    return { name, value: values[name], onChange, error: errors[name] };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = form.elements.namedItem("email");
    if (email instanceof HTMLInputElement) checkEmail(email);
    setAttempted(true);
    setErrors(invalidFields(form));
    if (!form.reportValidity() || !isSupportCategory(values.support_category)) return;
    createRequest.mutate(
      {
        full_name: values.full_name.trim(),
        email: values.email.trim(),
        phone: values.phone,
        support_category: values.support_category,
        description: values.description.trim(),
      },
      {
        onSuccess: () => {
          notifySuccess(MESSAGES.supportSubmitted);
          onDone();
        },
        onError: (error) => {
          notifyError(MESSAGES.supportFailed);
          if (error instanceof ApiError) setErrors(error.fields);
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Customer Service request">
      <Stack gap="sm">
        <TextInput label="Your Name" autoComplete="name" required maxLength={200} {...field("full_name")} />
        <TextInput label="Email" type="email" autoComplete="email" required maxLength={254} {...field("email")} />
        <PhoneInput
          label="Phone"
          required
          pattern={PHONE_PATTERN.source}
          title={MESSAGES.phoneFormat}
          {...field("phone")}
        />
        <NativeSelect
          label="Area you are having issue with"
          required
          data={CATEGORY_OPTIONS}
          {...field("support_category")}
        />
        <Textarea
          label="Please describe the issue"
          required
          autosize
          minRows={4}
          maxRows={10}
          maxLength={5000}
          {...field("description")}
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
