import { ERROR_MESSAGES, ErrorBodySchema, MESSAGES } from "@vetportal/contract";
import { ApiError } from "../../../lib/api-client.ts";
import { notifyError } from "../../../lib/notify.ts";
import { clearSession, getIdToken } from "../../../lib/session.ts";

/**
 * fetch with the session's bearer token, for the two calls apiRequest cannot make: the image
 * upload (multipart) and the CSV export (not JSON). Failures become the same ApiError, and a 401
 * logs out exactly as apiRequest does.
 */
export async function authorizedFetch(path: string, init: RequestInit): Promise<Response> {
  const token = getIdToken();
  const headers = new Headers(init.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);

  let response: Response;
  try {
    response = await fetch(path, { ...init, method: "POST", headers });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK", MESSAGES.loginNetworkError);
  }
  if (response.ok) return response;

  if (response.status === 401 && token && clearSession()) notifyError(MESSAGES.sessionExpired, "Signed out");
  const failure = ErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (failure.success) {
    const { code, message, fields } = failure.data.error;
    throw new ApiError(response.status, code, message, fields);
  }
  const code = response.status === 413 ? "PAYLOAD_TOO_LARGE" : response.status === 403 ? "FORBIDDEN" : "INTERNAL";
  throw new ApiError(response.status, code, ERROR_MESSAGES[code]);
}
