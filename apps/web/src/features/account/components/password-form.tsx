import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { ChangeOwnPasswordSchema, MESSAGES } from "@vetportal/contract";
import { PasswordField } from "../../../components/password-field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator } from "../../../lib/form-validation.ts";
import { notifyError, notifySuccess } from "../../../lib/notify.ts";
import { useSession } from "../../../lib/session.ts";
import { useChangePassword } from "../api/change-password.ts";

type PasswordValues = {
  current_password: string;
  password: string;
  confirmPassword: string;
};

/**
 * Change own password (SPEC §5 "Password"): the current password, then the new one twice, the rule
 * shown up front. Only a password sign-in may change it (decision 012).
 */
export function PasswordForm() {
  const session = useSession();
  const changePassword = useChangePassword();
  const form = useAppForm<PasswordValues>({
    initialValues: { current_password: "", password: "", confirmPassword: "" },
    validate: schemaValidator(ChangeOwnPasswordSchema),
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

  if (session?.privileges?.sign_in_method === "address") {
    return (
      <Alert color="blue" title="Password sign-in needed" maw={440}>
        {MESSAGES.passwordNeedsPasswordSignIn}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Change password">
      <Stack gap="sm" maw={440}>
        <Text size="sm" c="dimmed">
          {MESSAGES.passwordRule}
        </Text>
        <PasswordField form={form} name="current_password" label="Current Password" autoComplete="current-password" />
        <PasswordField form={form} name="password" label="New Password" autoComplete="new-password" />
        <PasswordField form={form} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
        <Group>
          <Button type="submit" loading={changePassword.isPending}>
            Change Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
