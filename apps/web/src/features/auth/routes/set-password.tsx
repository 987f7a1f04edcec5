import { Alert, Anchor, Button, Loader, Stack, Text } from "@mantine/core";
import { MESSAGES, PasswordChangeSchema } from "@vetportal/contract";
import { useEffect } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { PasswordField } from "../../../components/password-field.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator } from "../../../lib/form-validation.ts";
import { usePasswordLinkCheck } from "../api/check-password-link.ts";
import { useSetPassword } from "../api/set-password.ts";
import { AuthLayout } from "../components/auth-layout.tsx";

type Values = { password: string; confirmPassword: string };

/**
 * /set-password#token=… (decisions 012, 026): a user chooses a password through the one-time link
 * an administrator had emailed, then signs in with email and password. The token is in the
 * fragment, which the browser never sends; a link of the older form (?token=…) still works and is
 * rewritten at once, so a reload does not send it either. The page asks whether the link still
 * works as it opens, and says so before anyone types a password.
 */
export function SetPasswordRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromQuery = new URLSearchParams(location.search).get("token");
  const token = new URLSearchParams(location.hash.replace(/^#/, "")).get("token") ?? fromQuery ?? "";
  useEffect(() => {
    if (fromQuery) void navigate({ pathname: location.pathname, hash: `token=${fromQuery}` }, { replace: true });
  }, [fromQuery, location.pathname, navigate]);
  const check = usePasswordLinkCheck(token);
  const setPassword = useSetPassword();
  const form = useAppForm<Values>({
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
      ) : check.isPending ? (
        <Stack align="center" py="md">
          <Loader size="sm" aria-label="Checking the link" />
        </Stack>
      ) : check.isError ? (
        <Stack gap="md">
          <Alert color="red" title="This link cannot be used" role="alert">
            {check.error instanceof ApiError && check.error.code === "NOT_FOUND"
              ? MESSAGES.passwordLinkInvalid
              : errorMessage(check.error)}
          </Alert>
          <Button component={Link} to="/login" variant="default">
            Back to sign in
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
