import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { ErrorBodySchema } from "@vetportal/contract";
import type { FastifyInstance, RouteOptions } from "fastify";
import fp from "fastify-plugin";
import { createJsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { OPERATION_DOCS, type OperationDoc } from "./openapi-operations.ts";

type Json = Record<string, unknown>;
type Access = "public" | "optional" | "user" | "admin";

/** What every error answer looks like: one component, referred to by every error response. */
const ERROR_SCHEMA_NAME = "ErrorBody";
const ERROR_REF = { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` };

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: "The request is not valid: `error.fields` says what to change per field.",
  401: "No valid session (or wrong sign-in facts): sign in, or refresh, and send `Authorization: Bearer <idToken>`.",
  403: "The caller may not do this (administrators only, or another user's record).",
  404: "The record does not exist, or is not the caller's to see.",
  409: "The change conflicts with the current data (stock, an order's state or window, a duplicate).",
  413: "The request body is too large.",
  415: "The body's media type is not one this operation takes.",
  422: "Well-formed, but not deliverable or not repeatable (an address, a reused Idempotency-Key).",
  429: "Too many attempts from this source or for this account: wait and try again.",
  503: "The database is unavailable or did not answer in time: try again.",
};

/** The facts of a route the document needs and zod's schemas do not carry. */
interface RouteFacts {
  access: Access;
  errors: number[];
  doc: OperationDoc | undefined;
}

/**
 * The error statuses an operation can answer: what its access and its input allow for every route
 * (400/413/415 for a body, 401 for a session, 403 for administrators, 503 for the database), what
 * its own response schemas declare, and the domain answers listed in openapi-operations.ts.
 */
function errorStatuses(route: RouteOptions, method: string, access: Access, doc: OperationDoc | undefined) {
  const statuses = new Set<number>(doc?.errors ?? []);
  const schema = (route.schema ?? {}) as { querystring?: unknown; params?: unknown; response?: Json };
  if (method === "POST") for (const s of [400, 413, 415]) statuses.add(s);
  if (schema.querystring || schema.params) statuses.add(400);
  if (access !== "public") statuses.add(401);
  if (access === "admin") statuses.add(403);
  if (!doc?.noDatabase) statuses.add(503);
  for (const [status, response] of Object.entries(schema.response ?? {})) {
    // A status the route answers with its own body (health's 503) keeps that body.
    if (response === ErrorBodySchema) statuses.add(Number(status));
    else statuses.delete(Number(status));
  }
  return [...statuses].sort();
}

/**
 * What the document says beyond zod's JSON Schema (decision 028): the same constraints the
 * validation applies where JSON Schema can say them. Request text (`dbText`, a string with
 * refinements) holds no NUL character; a trimmed one that must not be empty needs a character
 * other than white space.
 */
function tighten(ctx: { zodSchema: unknown; jsonSchema: Json }) {
  const zod = ctx.zodSchema as { _zod?: { def?: { type?: string; checks?: { _zod: { def: { check?: string } } }[] } } };
  const def = zod._zod?.def;
  if (def?.type !== "string" || ctx.jsonSchema.pattern !== undefined || ctx.jsonSchema.enum !== undefined) return;
  const has = (check: string) => def.checks?.some((c) => c._zod.def.check === check) ?? false;
  const needsText = has("overwrite") && typeof ctx.jsonSchema.minLength === "number" && ctx.jsonSchema.minLength > 0;
  if (has("custom")) ctx.jsonSchema.pattern = needsText ? "^[^\\u0000]*\\S[^\\u0000]*$" : "^[^\\u0000]*$";
  else if (needsText) ctx.jsonSchema.pattern = "\\S";
}

/** `/media/products/:id.svg` → `/media/products/{id}.svg`, as @fastify/swagger writes paths. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");

/** The operation's document made true to the route: security, error answers, media types, examples. */
function completeOperation(op: Json, facts: RouteFacts) {
  // Who may call it, for a tester choosing a caller (the auth hook's `config.access`).
  op["x-access"] = facts.access;
  if (facts.doc?.exampleCaller) op["x-example-caller"] = facts.doc.exampleCaller;
  if (facts.access === "public") op.security = [];
  else if (facts.access === "optional") op.security = [{}, { bearer: [] }];

  const responses = (op.responses ?? {}) as Record<string, Json>;
  for (const status of facts.errors) {
    responses[String(status)] = {
      description: ERROR_DESCRIPTIONS[status] ?? "Error",
      content: { "application/json": { schema: ERROR_REF } },
    };
  }
  const doc = facts.doc;
  if (doc?.csv) {
    responses["200"] = {
      description: doc.csv,
      content: { "text/csv": { schema: { type: "string" } } },
    };
  }
  if (doc?.pdf) {
    responses["200"] = {
      description: doc.pdf,
      content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
    };
  }
  op.responses = responses;

  if (doc?.requestBody) op.requestBody = doc.requestBody;
  const body = op.requestBody as { content?: Record<string, Json> } | undefined;
  if (doc?.example !== undefined && body?.content) {
    for (const media of Object.values(body.content)) media.example = doc.example;
  }
  if (doc?.query) {
    for (const parameter of (op.parameters ?? []) as Json[]) {
      const value = doc.query[parameter.name as string];
      if (parameter.in === "query" && value !== undefined) parameter.example = value;
    }
  }
}

/** OpenAPI document generated from the contract's zod schemas, with its UI at /api/docs. */
export const swaggerPlugin = fp(async (app: FastifyInstance) => {
  const routes = new Map<string, RouteFacts>();
  const zodTransform = createJsonSchemaTransform({ zodToJsonConfig: { override: tighten } as never });

  await app.register(swagger, {
    openapi: {
      info: {
        title: "Vet Portal API",
        description: [
          "Ordering and inventory portal for veterinary practices. Every call but those marked public",
          "(no lock: health, settings, sign-in, refresh, set-password, address validation, sign-up, export",
          "download) needs `Authorization: Bearer <idToken>` from `POST /api/auth`.",
          "",
          "Integers are JSON numbers (a form field's decimal digits only where the body is a form). Every",
          "error answer is `{ result: 0, error: { code, message, fields? } }` (`ErrorBody`) with the status",
          "listed under the operation; a path that exists with other methods answers 405 with `Allow`.",
          "Examples use the demo data set (practice user 2, Happy Paws Veterinary Clinic; administrator 1).",
        ].join("\n"),
        version: "1.0.0",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const result = zodTransform(input as never) as { schema: Json; url: string };
      const route = input.route as RouteOptions;
      const access = (route.config as { access?: Access } | undefined)?.access ?? "user";
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const key = `${method.toLowerCase()} ${openapiPath(input.url)}`;
        const doc = OPERATION_DOCS[`${method.toUpperCase()} ${input.url}`];
        routes.set(key, { access, errors: errorStatuses(route, method.toUpperCase(), access, doc), doc });
      }
      return result as never;
    },
    transformObject: (input) => {
      const document = (input as { openapiObject: unknown }).openapiObject as Json & {
        paths: Record<string, Record<string, Json>>;
        components: Json;
      };
      const schemas = (document.components.schemas ?? {}) as Json;
      document.components.schemas = schemas;
      schemas[ERROR_SCHEMA_NAME] = z.toJSONSchema(ErrorBodySchema, { target: "openapi-3.0", io: "output" });
      delete (schemas[ERROR_SCHEMA_NAME] as Json).$schema;
      for (const [path, methods] of Object.entries(document.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const facts = routes.get(`${method} ${path}`);
          if (facts) completeOperation(op, facts);
        }
      }
      return document as never;
    },
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs", staticCSP: true });
});
