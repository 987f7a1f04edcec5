/**
 * The first data of a signed-in page, started by the boot script with the code (build/boot-preload.ts,
 * decision 034): the responses it is waiting for, by request. The API client takes a response here
 * instead of sending the same request again, once; the pages' loaders wait for them so the first
 * paint already shows the data.
 */
declare global {
  interface Window {
    /** Set by the boot script in index.html: "METHOD path body token" → the response of that request. */
    __vetportalFirstData?: Record<string, Promise<Response>>;
  }
}

function keyOf(method: string, path: string, body: string | undefined, bearer: string | null): string {
  return `${method} ${path} ${body ?? ""} ${bearer ?? ""}`;
}

/**
 * The boot script's response to exactly this request (method, path, JSON body and bearer token),
 * taken once; undefined when it sent no such request. The caller sends the request itself when the
 * promise rejects or the response is not ok (a 401's refresh, an error's body: the usual path).
 */
export function takeEarlyResponse(
  method: string,
  path: string,
  body: string | undefined,
  bearer: string | null,
): Promise<Response> | undefined {
  const responses = window.__vetportalFirstData;
  const key = keyOf(method, path, body, bearer);
  const response = responses?.[key];
  if (responses && response) delete responses[key];
  return response;
}

let firstPaintDone = false;

/** main.tsx, once the first page is ready to render: the loaders stop waiting for first data. */
export function endFirstLoad(): void {
  firstPaintDone = true;
}

/** Whether this is the first page of a document whose boot script started first data. */
export function isFirstLoadWithEarlyData(): boolean {
  return !firstPaintDone && window.__vetportalFirstData !== undefined;
}
