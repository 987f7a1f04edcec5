import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { MESSAGES, PasswordChangeSchema } from "@vetportal/contract";
import { Link, useSearchParams } from "react-router";
import { PasswordField } from "../../../components/password-field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { schemaValidator } from "../../../lib/form-validation.ts";
import { useSetPassword } from "../api/set-password.ts";
import { AuthLayout } from "../components/auth-layout.tsx";

type Values = { password: string; confirmPassword: string };

/**
 * /set-password?token=… (decision 012): a staff member chooses a password through the one-time
 * link an administrator had emailed, then signs in with email and password.
 */
export function SetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const setPassword = useSetPassword();
  const form = useForm<Values>({
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaValidator(PasswordChangeSchema),
  });

  const submit = form.onSubmit((values) => {
    setPassword.mutate(
      { ...values, token },
      {
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.fields);
        },
      },
    );
  });

  // A refused link (unknown, used, expired) or an unreachable server; field errors show under their fields.
  const error = setPassword.error;
  const failure = error && !(error instanceof ApiError && Object.keys(error.fields).length > 0);

  return (
    <AuthLayout title="Set your password">
      {!token ? (
        <Alert color="red" title="Link incomplete">
          {MESSAGES.passwordLinkInvalid}
        </Alert>
      ) : setPassword.isSuccess ? (
        <Stack gap="md">
          <Alert color="green" title="Password set">
            {MESSAGES.passwordSet}
          </Alert>
          <Button component={Link} to="/login">
            Go to sign in
          </Button>
        </Stack>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Set password">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {MESSAGES.passwordRule}
            </Text>
            {failure ? (
              <Alert color="red" title="The password was not set" role="alert">
                {errorMessage(error)}
              </Alert>
            ) : null}
            <PasswordField form={form} name="password" label="New Password" autoComplete="new-password" />
            <PasswordField form={form} name="confirmPassword" label="Confirm Password" autoComplete="new-password" />
            <Button type="submit" loading={setPassword.isPending}>
              Set Password
            </Button>
            <Text size="sm" ta="center">
              <Anchor component={Link} to="/login">
                Back to sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthLayout>
  );
}
