import { AddressLoginSchema, type LoginRequest, MESSAGES, PasswordLoginSchema } from "@vetportal/contract";
import { ApiError } from "../../../lib/api-client.ts";
import { schemaErrors } from "../../../lib/form-validation.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { saveSession } from "../../../lib/session.ts";
import { login } from "../api/login.ts";

/**
 * The sign-in form's checks and submission. They need zod and the API client, so the form loads
 * them when the user starts on it rather than with the page (decision 016).
 */

const schemas = { address: AddressLoginSchema, password: PasswordLoginSchema };

/** Field errors of the chosen sign-in, by field name (none when valid). */
export function validateLogin(values: LoginRequest): Record<string, string> {
  return schemaErrors(schemas[values.method], values);
}

/** What the "Oops" alert says for a failed sign-in (SPEC §8; DESIGN §7: a network failure is told). */
function failureMessage(error: unknown, method: LoginRequest["method"]): string {
  if (!(error instanceof ApiError)) return MESSAGES.internalError;
  if (error.code === "INVALID_CREDENTIALS" || error.status === 401) {
    return method === "address" ? MESSAGES.loginFailed : MESSAGES.staffLoginFailed;
  }
  if (error.code === "NETWORK") return MESSAGES.loginNetworkError;
  return error.message;
}

export interface SignInFailure {
  message: string;
  fields: Record<string, string>;
}

/**
 * POST /api/auth and the privileges, then the session is stored (the login route then sends the
 * user home). A failure is returned for the form to show, never thrown.
 */
export async function signIn(values: LoginRequest): Promise<SignInFailure | null> {
  try {
    const state = await login(values);
    queryClient.clear();
    saveSession(state);
    return null;
  } catch (error) {
    return { message: failureMessage(error, values.method), fields: error instanceof ApiError ? error.fields : {} };
  }
}
