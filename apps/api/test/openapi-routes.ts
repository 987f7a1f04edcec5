import type { App } from "../src/app.ts";

/** A JSON Schema as @fastify/swagger renders the contract's zod schemas. */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The OpenAPI path, e.g. `/api/order/add` or `/media/products/{id}`. */
  path: string;
  /** A concrete URL for inject(): path parameters filled with `params` or `1`. */
  url(params?: Record<string, string | number>): string;
  body?: JsonSchema;
  /** The body's media types (JSON first where accepted). */
  bodyTypes: string[];
  query?: JsonSchema;
  pathParams: string[];
  summary?: string;
}

/**
 * Every operation of the app's OpenAPI document (the one served at /api/docs), so tests that must
 * cover "every route" (authorization, fuzzing) cannot miss one added later.
 */
export function listOperations(app: App): Operation[] {
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith("/api/docs")) continue;
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as {
        in: string;
        name: string;
        schema: JsonSchema;
        required?: boolean;
      }[];
      const queryParams = parameters.filter((p) => p.in === "query");
      const pathParams = parameters.filter((p) => p.in === "path").map((p) => p.name);
      const content = ((op.requestBody as { content?: Record<string, { schema: JsonSchema }> })?.content ??
        {}) as Record<string, { schema: JsonSchema }>;
      const bodyTypes = Object.keys(content).sort((a) => (a === "application/json" ? -1 : 1));
      const body = bodyTypes[0] ? content[bodyTypes[0]]?.schema : undefined;
      operations.push({
        method: method.toUpperCase() as Operation["method"],
        path,
        url: (params = {}) =>
          path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 1))),
        body,
        bodyTypes,
        query: queryParams.length
          ? {
              type: "object",
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            }
          : undefined,
        pathParams,
        summary: op.summary as string | undefined,
      });
    }
  }
  return operations;
}
