import type { z } from "zod";
import { ApiError, errorMessage } from "./api-client.ts";
import { notifyError } from "./notify.ts";

/**
 * Form errors from a contract schema, keyed by field path, keeping each field's first message: an
 * empty email says 'Email is required', not the format rule that also fails (SPEC §5, DESIGN §7
 * "each field has its own message"). The one way the web's forms validate (with lib/form-kit.ts's
 * useAppForm); never the browser's own validity bubbles (issue 22 §6).
 */
export function schemaErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join(".");
    errors[path] ??= issue.message;
  }
  return errors;
}

/**
 * A @mantine/form validate function for a schema; `toInput` turns the form's values into what the
 * schema reads (selects into numbers, the fields the form does not show) when they differ.
 */
export function schemaValidator<Values>(schema: z.ZodType, toInput: (values: Values) => unknown = (values) => values) {
  return (values: Values) => schemaErrors(schema, toInput(values));
}

/** What the field-error helpers need of a form. */
interface FormWithErrors {
  setErrors: (errors: Record<string, string>) => void;
}

/** Puts the server's message for each field of a refused call under the field (STYLE 5). */
export function setServerErrors(form: FormWithErrors, error: unknown): void {
  if (error instanceof ApiError) form.setErrors(error.fields);
}

/** A failed save: a toast saying why, and the server's field messages under the fields. */
export function notifySaveError(form: FormWithErrors, error: unknown): void {
  notifyError(errorMessage(error));
  setServerErrors(form, error);
}
