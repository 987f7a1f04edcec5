import { Alert, Button, Divider, PasswordInput, Stack, Switch, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import { type AddressLogin, type LoginRequest, MESSAGES, type PasswordLogin } from "@vetportal/contract";
import { type ReactNode, useRef, useState } from "react";
import { useAppForm } from "../../../lib/form-kit.ts";

type Method = LoginRequest["method"];

/**
 * Checks and submission need zod and the API client: they download when the user starts on the
 * form, not with the page, whose first load stays small (decision 016).
 */
const loadActions = () => import("./login-form-actions.ts");

function prefetchActions() {
  // A failed download is told on submit.
  loadActions().catch(() => {});
}

async function validate(values: LoginRequest) {
  try {
    return (await loadActions()).validateLogin(values);
  } catch {
    return {};
  }
}

/** One way to sign in: its fields, the failure of the last attempt above them, and Sign In. */
function SignInForm<Values extends LoginRequest>({
  label,
  form,
  onSubmit,
  alert,
  children,
}: {
  label: string;
  form: UseFormReturnType<Values>;
  /** Signs in; field messages of a failure go through setErrors. */
  onSubmit: (values: Values, setErrors: (errors: Record<string, string>) => void) => Promise<void>;
  alert: ReactNode;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={form.onSubmit((values) => onSubmit(values, form.setErrors))}
      onFocus={prefetchActions}
    >
      <Stack gap="md">
        {alert}
        {children}
        <Button type="submit" size="md" fullWidth loading={form.submitting} disabled={form.submitting}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Practice sign-in (name, first address line, zip) with a switch to staff sign-in (email and
 * password, DESIGN §5). Typed values stay put after a failure. Success stores the session, and the
 * login route then sends the user home.
 */
export function LoginForm() {
  const [method, setMethod] = useState<Method>("address");
  const [failure, setFailure] = useState<string | null>(null);
  // A switch of method abandons the sign-in in flight: its failure is no longer shown.
  const attempt = useRef(0);

  const addressForm = useAppForm<AddressLogin>({
    initialValues: { method: "address", address_name: "", line1: "", zip_code: "" },
    validate,
  });
  const passwordForm = useAppForm<PasswordLogin>({
    initialValues: { method: "password", email: "", password: "" },
    validate,
  });

  async function submit(values: LoginRequest, setErrors: (errors: Record<string, string>) => void) {
    const mine = ++attempt.current;
    setFailure(null);
    const actions = await loadActions().catch(() => null);
    const result = actions ? await actions.signIn(values) : { message: MESSAGES.loginNetworkError, fields: {} };
    if (!result || mine !== attempt.current) return;
    setFailure(result.message);
    setErrors(result.fields);
  }

  function switchMethod(staff: boolean) {
    attempt.current += 1;
    setFailure(null);
    setMethod(staff ? "password" : "address");
  }

  const alert = failure && (
    <Alert color="red" variant="light" title={MESSAGES.loginFailedTitle} icon={<IconAlertCircle aria-hidden />}>
      {failure}
    </Alert>
  );

  return (
    <Stack gap="lg">
      {method === "address" ? (
        <SignInForm label="Practice sign-in" form={addressForm} onSubmit={submit} alert={alert}>
          <TextInput
            label="Practice Name"
            autoComplete="organization"
            withAsterisk
            {...addressForm.getInputProps("address_name")}
          />
          <TextInput
            label="Address"
            autoComplete="address-line1"
            withAsterisk
            {...addressForm.getInputProps("line1")}
          />
          <TextInput
            label="Zip Code"
            autoComplete="postal-code"
            withAsterisk
            {...addressForm.getInputProps("zip_code")}
          />
        </SignInForm>
      ) : (
        <SignInForm label="Staff sign-in" form={passwordForm} onSubmit={submit} alert={alert}>
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            withAsterisk
            {...passwordForm.getInputProps("email")}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            {...passwordForm.getInputProps("password")}
          />
        </SignInForm>
      )}
      <Divider />
      <Switch
        label="Staff sign-in"
        description="Portal staff sign in with email and password."
        checked={method === "password"}
        onChange={(event) => switchMethod(event.currentTarget.checked)}
      />
    </Stack>
  );
}
