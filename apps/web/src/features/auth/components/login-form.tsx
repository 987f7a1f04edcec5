import { Alert, Button, Divider, PasswordInput, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import {
  type AddressLogin,
  AddressLoginSchema,
  type LoginRequest,
  MESSAGES,
  type PasswordLogin,
  PasswordLoginSchema,
} from "@vetportal/contract";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { useState } from "react";
import { ApiError } from "../../../lib/api-client.ts";
import { useLogin } from "../api/login.ts";

type Method = LoginRequest["method"];

/** What the "Oops" alert says for a failed sign-in (SPEC §8; DESIGN §7: a network failure is told). */
function failureMessage(error: unknown, method: Method): string {
  if (!(error instanceof ApiError)) return MESSAGES.internalError;
  if (error.code === "INVALID_CREDENTIALS" || error.status === 401) {
    return method === "address" ? MESSAGES.loginFailed : MESSAGES.staffLoginFailed;
  }
  if (error.code === "NETWORK") return MESSAGES.loginNetworkError;
  return error.message;
}

/**
 * Practice sign-in (name, first address line, zip) with a switch to staff sign-in (email and
 * password, DESIGN §5). Typed values stay put after a failure. Success stores the session, and the
 * login route then sends the user home.
 */
export function LoginForm() {
  const [method, setMethod] = useState<Method>("address");
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin();

  const addressForm = useForm<AddressLogin>({
    initialValues: { method: "address", address_name: "", line1: "", zip_code: "" },
    validate: zod4Resolver(AddressLoginSchema),
  });
  const passwordForm = useForm<PasswordLogin>({
    initialValues: { method: "password", email: "", password: "" },
    validate: zod4Resolver(PasswordLoginSchema),
  });

  function submit(values: LoginRequest, setErrors: (errors: Record<string, string>) => void) {
    setFailure(null);
    login.mutate(values, {
      onError: (error) => {
        setFailure(failureMessage(error, values.method));
        if (error instanceof ApiError) setErrors(error.fields);
      },
    });
  }

  function switchMethod(staff: boolean) {
    setFailure(null);
    login.reset();
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
        <form
          noValidate
          aria-label="Practice sign-in"
          onSubmit={addressForm.onSubmit((values) => submit(values, addressForm.setErrors))}
        >
          <Stack gap="md">
            {alert}
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
            <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={login.isPending}>
              Sign In
            </Button>
          </Stack>
        </form>
      ) : (
        <form
          noValidate
          aria-label="Staff sign-in"
          onSubmit={passwordForm.onSubmit((values) => submit(values, passwordForm.setErrors))}
        >
          <Stack gap="md">
            {alert}
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
            <Button type="submit" size="md" fullWidth loading={login.isPending} disabled={login.isPending}>
              Sign In
            </Button>
          </Stack>
        </form>
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
