import { ERROR_MESSAGES, ErrorBodySchema, type ErrorCode, MESSAGES, okSchema } from "@vetportal/contract";
import type { z } from "zod";
import { takeEarlyResponse } from "./first-data.ts";
import { notifyError } from "./notify.ts";
import { clearSession, getIdToken, readStoredTokens, replaceTokens } from "./session.ts";
import { refreshSession } from "./session-refresh.ts";

/**
 * Codes the client adds to the contract's: the server was unreachable, answered something
 * unreadable, or the user stopped a save that was waiting for the connection (lib/connection.ts).
 */
export type ClientErrorCode = "NETWORK" | "INVALID_RESPONSE" | "STOPPED";

/** The one error every API failure becomes (STYLE §5). */
export class ApiError extends Error {
  override readonly name = "ApiError";

  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

export interface ApiFetchOptions {
  method?: "GET" | "POST";
  /** JSON-encoded, except FormData (a multipart upload), which is sent as it is. */
  body?: unknown;
  /**
   * Bearer token. Left out: the stored session's token, when there is one. A string: that token
   * (sign-in uses it before the session is stored). false: no token at all.
   */
  token?: string | false;
  /** Extra request headers, for example the Idempotency-Key of POST /api/order/add. */
  headers?: Record<string, string>;
  /** What the answer should be (Accept); JSON unless said. */
  accept?: string;
  signal?: AbortSignal;
  /**
   * The fetch's priority: "low" for a call the page does not wait for (the event log, the cart's
   * merge at page load), so it never competes with what the page shows (decision 034, lever 26).
   */
  priority?: RequestPriority;
}

export interface ApiRequestOptions<T extends z.ZodType> extends Omit<ApiFetchOptions, "accept"> {
  /** Contract schema of the success body; the response is parsed with it (see parsesAnswers). */
  schema: T;
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "UNAUTHENTICATED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 429) return "RATE_LIMITED";
  if (status === 503) return "DATABASE_UNAVAILABLE";
  return "INTERNAL";
}

/** The ApiError of a failure body, or of the status alone when the body is not one. */
function failureOf(status: number, payload: unknown): ApiError {
  const failure = ErrorBodySchema.safeParse(payload);
  if (failure.success) {
    const { code, message, fields } = failure.data.error;
    return new ApiError(status, code, message, fields);
  }
  const code = codeForStatus(status);
  return new ApiError(status, code, ERROR_MESSAGES[code]);
}

/**
 * Whether a request refused with 401 may be sent again with a newer token of the same session: the
 * stored token changed since the request left (this tab or another one refreshed it), or it had
 * expired and a refresh gives a new one (decision 022). A 401 is answered before the request does
 * anything, so sending it again cannot do anything twice.
 */
async function renewedToken(sent: string, code: unknown): Promise<boolean> {
  const stored = readStoredTokens();
  if (stored && stored.idToken !== sent) {
    replaceTokens(stored);
    return true;
  }
  if (getIdToken() !== sent) return getIdToken() !== null;
  if (code !== "SESSION_EXPIRED") return false;
  return (await refreshSession()) === "refreshed";
}

/**
 * The one HTTP client of the web (STYLE §5): fetch for the API under /api with the bearer header,
 * any failure thrown as an ApiError, the successful Response returned (apiRequest reads it as JSON;
 * the CSV export as a file). A 401 on a call that carried the session's token is sent once more
 * with a newer token when there is one (renewedToken); otherwise the session is gone on the server:
 * the stored session is cleared, which sends the user to /login.
 */
export async function apiFetch(path: string, options: ApiFetchOptions, isRetry = false): Promise<Response> {
  const { method = "POST", body, token, signal, priority, accept = "application/json" } = options;
  const bearer = token === undefined ? getIdToken() : token || null;
  const headers: Record<string, string> = { ...options.headers, Accept: accept };
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers["Content-Type"] = "application/json";
  if (bearer) headers.Authorization = `Bearer ${bearer}`;

  const json = body === undefined || multipart ? undefined : JSON.stringify(body);
  // The boot script may have sent this very request with the code (lib/first-data.ts): its answer,
  // when it is a success; anything else is asked again here, through the usual failure paths.
  const early = accept === "application/json" && !multipart ? takeEarlyResponse(method, path, json, bearer) : undefined;
  const earlyOk = early && (await early.then((r) => (r.ok ? r : undefined)).catch(() => undefined));
  if (earlyOk) return earlyOk;

  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: multipart ? body : json, signal, priority });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK", MESSAGES.loginNetworkError);
  }
  if (response.ok) return response;

  const failure = failureOf(response.status, await response.json().catch(() => undefined));
  if (response.status === 401 && bearer && token === undefined && !isRetry) {
    if (await renewedToken(bearer, failure.code)) return apiFetch(path, options, true);
  }
  // The server no longer accepts this session (expired or revoked): log out; the route guard
  // then shows /login. Several calls failing together tell the user once.
  if (response.status === 401 && bearer && clearSession()) notifyError(MESSAGES.sessionExpired, "Signed out");
  throw failure;
}

/**
 * Whether a success is parsed with its contract schema: in development and the web's tests, so a page
 * or a test fixture that drifts from the contract fails there. The production build takes a success
 * (`result: 1`) as the API wrote it (decision 034, lever 55): the API is built from the same contract,
 * writes its answers with a serializer compiled from these schemas, and its tests check every route's
 * answers against them and that parsing them changes nothing (decisions 017, 053). Parsing them again
 * cost a phone's first page about 20 ms of main thread at 4× CPU (zod building each schema, then
 * walking the answer), and every later answer its walk.
 */
const parsesAnswers = () => import.meta.env.DEV;

/** An answer the API marked as a success: `{ result: 1, … }`. */
const isSuccess = (payload: unknown): payload is { result: 1 } =>
  typeof payload === "object" && payload !== null && (payload as { result?: unknown }).result === 1;

/**
 * apiFetch for JSON: the success body, parsed with the schema `schemaOf()` gives (parsesAnswers).
 * Anything else is the failure it carries, or INVALID_RESPONSE.
 */
async function readAnswer<T>(path: string, options: ApiFetchOptions, schemaOf: () => z.ZodType<T>): Promise<T> {
  const response = await apiFetch(path, options);
  const payload: unknown = await response.json().catch(() => undefined);
  if (!parsesAnswers() && isSuccess(payload)) return payload as T;
  const parsed = schemaOf().safeParse(payload);
  if (parsed.success) return parsed.data;
  if (ErrorBodySchema.safeParse(payload).success) throw failureOf(response.status, payload);
  throw new ApiError(response.status, "INVALID_RESPONSE", MESSAGES.internalError);
}

/** apiFetch for JSON: the success body, with the contract schema `schema` of the whole body. */
export function apiRequest<T extends z.ZodType>(path: string, options: ApiRequestOptions<T>): Promise<z.infer<T>> {
  return readAnswer(path, options, () => options.schema as z.ZodType<z.infer<T>>);
}

/**
 * apiRequest for the usual success body `{ result: 1, data }`: its data, with the contract schema
 * `schema` of the data (the envelope is added here, so API files name only what they receive).
 */
export async function apiData<T extends z.ZodType>(path: string, options: ApiRequestOptions<T>): Promise<z.infer<T>> {
  const envelope = () => okSchema(options.schema) as unknown as z.ZodType<{ data: z.infer<T> }>;
  return (await readAnswer(path, options, envelope)).data;
}

/** The user-facing text of any thrown error. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return MESSAGES.internalError;
}
