import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, TextInput, VisuallyHidden } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { formatPhone, MESSAGES, PersonalInfoSchema, type UserDetail } from "@vetportal/contract";
import { EmailField, PhoneField } from "../../../components/form-fields.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { useUser } from "../../../lib/get-user.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { getSession, saveSession, useSession } from "../../../lib/session.ts";
import { useUpdateUser } from "../../../lib/update-user.ts";

type PersonalInfoValues = {
  first_name: string;
  last_name: string;
  title: string;
  email: string;
  phone: string;
  cell: string;
  fax: string;
};

function toValues(user: UserDetail): PersonalInfoValues {
  return {
    first_name: user.first_name ?? "",
    last_name: user.last_name ?? "",
    title: user.title ?? "",
    email: user.email ?? "",
    phone: formatPhone(user.phone ?? ""),
    cell: formatPhone(user.cell ?? ""),
    fax: formatPhone(user.fax ?? ""),
  };
}

/** The stored profile follows the change, so the header and the support form show the new details. */
function refreshStoredProfile(user: UserDetail): void {
  const state = getSession();
  if (!state?.profile || state.profile.user_id !== user.id) return;
  saveSession({
    ...state,
    profile: {
      ...state.profile,
      first_name: user.first_name,
      last_name: user.last_name,
      title: user.title,
      email: user.email,
      phone: user.phone,
    },
  });
}

const PHONE_FIELDS = ["phone", "cell", "fax"] as const;
const PHONE_LABELS = { phone: "Phone", cell: "Cell", fax: "Fax" } as const;

function PersonalInfoFields({ user }: { user: UserDetail }) {
  // A practice signs in by its address (decision 012): its email is for mail, not for signing in.
  const byAddress = useSession()?.privileges?.sign_in_method === "address";
  const updateUser = useUpdateUser();
  const form = useAppForm<PersonalInfoValues>({
    initialValues: toValues(user),
    validate: schemaValidator(PersonalInfoSchema),
  });

  const submit = form.onSubmit((values) => {
    updateUser.mutate(
      { id: user.id, ...values },
      {
        onSuccess: (updated) => {
          notifySuccess(MESSAGES.personalInfoUpdated);
          form.setValues(toValues(updated));
          form.resetDirty(toValues(updated));
          refreshStoredProfile(updated);
        },
        onError: (error) => notifySaveError(form, error),
      },
    );
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Personal info">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="First Name" autoComplete="given-name" withAsterisk {...form.getInputProps("first_name")} />
          <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...form.getInputProps("last_name")} />
          <TextInput label="Title" autoComplete="organization-title" withAsterisk {...form.getInputProps("title")} />
          <EmailField form={form} name="email" label="Email" withAsterisk />
        </SimpleGrid>
        <Alert variant="light" color="blue" icon={<IconInfoCircle aria-hidden />} p="xs">
          {byAddress
            ? "Your practice signs in with its name, address and zip code. Order confirmations go to this email."
            : "If you change your email, use the new email the next time you sign in."}
        </Alert>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {PHONE_FIELDS.map((field) => (
            <PhoneField
              key={field}
              form={form}
              name={field}
              label={PHONE_LABELS[field]}
              autoComplete={field === "fax" ? "off" : field === "cell" ? "tel" : "tel-national"}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Security Level"
            value={user.user_level}
            readOnly
            variant="filled"
            description="Set by an administrator."
          />
          <TextInput
            label="Department"
            value={user.department_name ?? "None"}
            readOnly
            variant="filled"
            description="Set by an administrator."
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={updateUser.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Personal info of the signed-in user (SPEC §5 "Personal info"): level and department are read-only. */
export function PersonalInfoForm() {
  const session = useSession();
  const user = useUser(session?.session.userid);

  if (user.isPending) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading your details…</VisuallyHidden>
        <Skeleton h={220} aria-hidden />
      </Stack>
    );
  }
  if (user.isError) {
    return <LoadError title="Your details could not be loaded" query={user} />;
  }
  return <PersonalInfoFields key={user.data.id} user={user.data} />;
}
