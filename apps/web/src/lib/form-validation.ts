import type { z } from "zod";

/**
 * Form errors from a contract schema, keyed by field path, keeping each field's first message: an
 * empty email says 'Email is required', not the format rule that also fails (SPEC §5, DESIGN §7
 * "each field has its own message").
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

/** A @mantine/form validate function for a schema. */
export function schemaValidator(schema: z.ZodType) {
  return (values: unknown) => schemaErrors(schema, values);
}
