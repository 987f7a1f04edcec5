import { PasswordInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";

interface PasswordFieldProps<Values extends Record<string, unknown>> {
  form: UseFormReturnType<Values>;
  name: keyof Values & string;
  label: string;
  autoComplete: "current-password" | "new-password";
}

/** A required password input bound to a Mantine form field, marked invalid while it has an error. */
export function PasswordField<Values extends Record<string, unknown>>({
  form,
  name,
  label,
  autoComplete,
}: PasswordFieldProps<Values>) {
  return (
    <PasswordInput
      label={label}
      autoComplete={autoComplete}
      withAsterisk
      {...form.getInputProps(name)}
      aria-invalid={form.errors[name] ? true : undefined}
    />
  );
}
