import { ErrorBodySchema, type ErrorCode, okSchema } from "@vetportal/contract";
import { HttpResponse, http } from "msw";
import { z } from "zod";

/**
 * MSW handlers for the API, typed and checked with the contract's schemas: the data a test answers
 * with is the schema's input type (a contract change breaks the test at the type check) and is
 * parsed with the schema before it is sent (a fixture the server could not send fails the test).
 */

/** What a handler was called with: the JSON bodies and the headers, in order. */
export interface Calls {
  bodies: unknown[];
  headers: Headers[];
  /** The last body (undefined before the first call). */
  readonly last: unknown;
  readonly count: number;
}

function recorder(): { calls: Calls; record: (body: unknown, request?: Request) => void } {
  const bodies: unknown[] = [];
  const headers: Headers[] = [];
  return {
    calls: {
      bodies,
      headers,
      get last() {
        return bodies.at(-1);
      },
      get count() {
        return bodies.length;
      },
    },
    record: (body, request) => {
      bodies.push(body);
      headers.push(request?.headers ?? new Headers());
    },
  };
}

async function jsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * POST `path` answers `{ result: 1, data }`, `data` being the contract schema's input (or what
 * `respond` makes of the request's body). Returns the handler and its calls.
 */
export function apiOk<T extends z.ZodType>(
  path: string,
  schema: T,
  respond: z.input<T> | ((body: unknown, call: number) => z.input<T>),
  { foundRows }: { foundRows?: number } = {},
) {
  const { calls, record } = recorder();
  const handler = http.post(path, async ({ request }) => {
    const body = await jsonBody(request);
    record(body, request);
    const data =
      typeof respond === "function" ? (respond as (b: unknown, n: number) => unknown)(body, calls.count) : respond;
    const answer = okSchema(schema).parse({ result: 1, data, found_rows: foundRows });
    return HttpResponse.json(answer);
  });
  return { handler, calls };
}

/** POST `path` answers a list page: `rows` and the real total (found_rows). */
export function apiList<T extends z.ZodType>(
  path: string,
  row: T,
  respond: readonly z.input<T>[] | ((body: unknown, call: number) => { rows: readonly z.input<T>[]; total: number }),
) {
  const { calls, record } = recorder();
  const handler = http.post(path, async ({ request }) => {
    const body = await jsonBody(request);
    record(body, request);
    const page = typeof respond === "function" ? respond(body, calls.count) : { rows: respond, total: respond.length };
    const answer = okSchema(row.array()).parse({ result: 1, data: page.rows, found_rows: page.total });
    return HttpResponse.json(answer);
  });
  return { handler, calls };
}

/** POST `path` fails with the project's error body: `status`, `code`, `message`, per-field messages. */
export function apiError(
  path: string,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
) {
  const { calls, record } = recorder();
  const handler = http.post(path, async ({ request }) => {
    record(await jsonBody(request), request);
    return HttpResponse.json(ErrorBodySchema.parse({ result: 0, error: { code, message, fields } }), { status });
  });
  return { handler, calls };
}

/** POST /api/user/eventLog, the page touches the catalogue and cart pages record (lib/log-event.ts). */
export function eventLog() {
  return apiOk("/api/user/eventLog", z.null(), null);
}
