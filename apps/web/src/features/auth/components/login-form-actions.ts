import { AddressLoginSchema, type LoginRequest, MESSAGES, PasswordLoginSchema } from "@vetportal/contract";
import { zod4Resolver } from "mantine-form-zod-resolver";
import { ApiError } from "../../../lib/api-client.ts";
import { queryClient } from "../../../lib/query-client.ts";
import { saveSession } from "../../../lib/session.ts";
import { login } from "../api/login.ts";

/**
 * The sign-in form's checks and submission. They need zod and the API client, so the form loads
 * them when the user starts on it rather than with the page (decision 016).
 */

const resolvers = {
  address: zod4Resolver(AddressLoginSchema),
  password: zod4Resolver(PasswordLoginSchema),
};

/** Field errors of the chosen sign-in, by field name (none when valid). */
export function validateLogin(values: LoginRequest): Record<string, string> {
  const errors = resolvers[values.method](values);
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [field, String(error)]));
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
