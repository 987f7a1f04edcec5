import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MESSAGES, PasswordChangeSchema } from "@vetportal/contract";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { schemaValidator } from "../../../lib/form-validation.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useChangePassword } from "../api/change-password.ts";

type PasswordValues = {
  password: string;
  confirmPassword: string;
};

/** Change own password (SPEC §5 "Password"): both fields required, the rule shown up front. */
export function PasswordForm() {
  const changePassword = useChangePassword();
  const form = useForm<PasswordValues>({
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaValidator(PasswordChangeSchema),
  });

  const submit = form.onSubmit((values) => {
    changePassword.mutate(values, {
      onSuccess: () => {
        notifySuccess(MESSAGES.passwordChanged);
        form.reset();
      },
      onError: (error) => {
        notifyError(errorMessage(error));
        if (error instanceof ApiError) form.setErrors(error.fields);
      },
    });
  });

  return (
    <form noValidate onSubmit={submit} aria-label="Change password">
      <Stack gap="sm" maw={440}>
        <Text size="sm" c="dimmed">
          {MESSAGES.passwordRule}
        </Text>
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps("password")}
          aria-invalid={form.errors.password ? true : undefined}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps("confirmPassword")}
          aria-invalid={form.errors.confirmPassword ? true : undefined}
        />
        <Group>
          <Button type="submit" loading={changePassword.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
