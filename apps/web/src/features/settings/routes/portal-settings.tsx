import { Stack, Text, TextInput } from "@mantine/core";
import {
  formatPst,
  type PortalSettings,
  type PortalSettingsInput,
  PortalSettingsInputSchema,
  SETTINGS_MAX_DAYS,
} from "@vetportal/contract";
import { CountInput } from "../../../components/count-input.tsx";
import { EditForm, EmailField, FormSection, PhoneField } from "../../../components/form-fields.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { LoadError, PageLoading } from "../../../components/page-state.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { notifySuccess } from "../../../lib/notify.ts";
import { usePortalSettings, useSavePortalSettings } from "../api/portal-settings.ts";

/** The form's values: a number input is "" while empty. */
type SettingsValues = Omit<PortalSettingsInput, "approval_remind_days" | "approval_expire_days"> & {
  approval_remind_days: number | string;
  approval_expire_days: number | string;
};

const days = (value: number | string) => (value === "" ? undefined : Number(value));

function toRequest(values: SettingsValues): PortalSettingsInput {
  return {
    ...values,
    approval_remind_days: days(values.approval_remind_days) as number,
    approval_expire_days: days(values.approval_expire_days) as number,
  };
}

function SettingsForm({ settings }: { settings: PortalSettings }) {
  const save = useSavePortalSettings();
  const form = useAppForm<SettingsValues>({
    initialValues: {
      support_phone: settings.support_phone,
      large_order_email: settings.large_order_email,
      pet_insurance_url: settings.pet_insurance_url,
      approval_remind_days: settings.approval_remind_days,
      approval_expire_days: settings.approval_expire_days,
    },
    validate: schemaValidator(PortalSettingsInputSchema, toRequest),
  });

  const submit = form.onSubmit((values) => {
    save
      .mutateAsync(toRequest(values))
      .then(() => notifySuccess("Settings saved"))
      .catch((error: unknown) => notifySaveError(form, error));
  });

  return (
    <EditForm
      label="Portal settings"
      onSubmit={submit}
      cancelTo="/"
      submitLabel="Save Settings"
      isSaving={save.isPending}
    >
      <FormSection title="What practices see">
        <PhoneField
          form={form}
          name="support_phone"
          label="Support phone"
          description="In the footer and the Customer Service window"
          withAsterisk
        />
        <EmailField
          form={form}
          name="large_order_email"
          label="Large-order email"
          description="Where practices ask for more than a product's maximum"
          withAsterisk
        />
        <TextInput
          type="url"
          inputMode="url"
          label="Pet-insurance link"
          description="The page the home banner opens (https://…)"
          withAsterisk
          {...form.getInputProps("pet_insurance_url")}
        />
      </FormSection>
      <FormSection title="Approvals">
        <CountInput
          label="Remind approvers after (days)"
          description="Days an order waits for its approvers before they are reminded by email"
          min={1}
          max={SETTINGS_MAX_DAYS}
          withAsterisk
          {...form.getInputProps("approval_remind_days")}
        />
        <CountInput
          label="Expire an undecided approval after (days)"
          description="Counted from the same start as the reminder; the order is then cancelled"
          min={1}
          max={SETTINGS_MAX_DAYS}
          withAsterisk
          {...form.getInputProps("approval_expire_days")}
        />
      </FormSection>
    </EditForm>
  );
}

/** /admin/settings (issue 23 §5, decision 047): the portal settings an administrator edits. */
export function PortalSettingsRoute() {
  const settings = usePortalSettings();
  return (
    <Stack gap="lg" maw={720}>
      <title>Portal Settings · Vet Portal</title>
      <PageHeader
        title="Portal Settings"
        description="What practices see and how long approvals wait. Every save is recorded in the audit trail."
      />
      {settings.isPending ? (
        <PageLoading label="Loading settings…" blocks={[{ h: 220 }, { h: 160 }]} maw={720} />
      ) : settings.isError ? (
        <LoadError title="The settings could not be loaded" query={settings} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {settings.data.saved_at
              ? `Last saved ${formatPst(settings.data.saved_at)}.`
              : "Not saved yet: the defaults configured on the server apply."}
          </Text>
          <SettingsForm key={settings.data.saved_at ?? "defaults"} settings={settings.data} />
        </>
      )}
    </Stack>
  );
}
