import type { FastifyRouteSchemaDef } from "fastify/types/schema.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createSerializerCompiler } from "../src/lib/serializer.ts";
import { createTestApp } from "./helpers.ts";
import { listOperations } from "./openapi-routes.ts";

/** Every response schema the app compiles, as Fastify hands it to the serializer compiler. */
const compiled = vi.hoisted(() => [] as FastifyRouteSchemaDef<z.ZodType>[]);
vi.mock("../src/lib/serializer.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../src/lib/serializer.ts")>();
  return {
    ...real,
    createSerializerCompiler: (options: { validate: boolean }) => {
      const compile = real.createSerializerCompiler(options);
      return (route: FastifyRouteSchemaDef<z.ZodType>) => {
        compiled.push(route);
        return compile(route);
      };
    },
  };
});

type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maxLength?: number;
};

/** Strings that pass the contract's response patterns (email, phone, zip, ISO date). */
const PATTERN_SAMPLES = ["maria@happypaws.test", "415-555-0101", "94105", "2026-01-31", "#0f4c5c"];
/** Text a serializer must escape exactly as JSON.stringify does. */
const TRICKY_TEXT = ' Quote " backslash \\ newline \n tab \t é ✓ \u2028 \u0001 </script>';

/**
 * A value the schema accepts, varied by `k`: which union branch (so `X | null` is null every other
 * time), whether optional fields are there, and a field no schema lists in every object.
 */
function sample(schema: JsonSchema, k: number): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[k % schema.enum.length];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return sample(branches[k % branches.length] as JsonSchema, k);
  const type = Array.isArray(schema.type) ? schema.type[k % schema.type.length] : schema.type;
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return k % 2 === 0;
    case "integer":
      return Math.max(schema.minimum ?? 0, 0) + k + 1;
    case "number":
      return Math.max(schema.minimum ?? 0, 0) + k + 0.5;
    case "string": {
      if (schema.pattern) {
        const match = PATTERN_SAMPLES.find((s) => new RegExp(schema.pattern as string).test(s));
        if (!match) throw new Error(`no sample string for the pattern ${schema.pattern}`);
        return match;
      }
      return TRICKY_TEXT.slice(0, schema.maxLength ?? TRICKY_TEXT.length);
    }
    case "array":
      return [sample(schema.items ?? {}, k), sample(schema.items ?? {}, k + 1)];
    case "object": {
      const value: Record<string, unknown> = { leaked_field: "must not be written" };
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        if (k % 2 === 1 && !schema.required?.includes(name)) continue;
        value[name] = sample(property, k);
      }
      if (typeof schema.additionalProperties === "object") {
        value.first_key = sample(schema.additionalProperties, k);
        value.second_key = sample(schema.additionalProperties, k + 1);
        delete value.leaked_field;
      }
      return value;
    }
    default:
      return { any: ["value", 1, null] };
  }
}

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the compiled response serializer", () => {
  it("compiles the response schema of every route in the OpenAPI document", () => {
    const routes = new Set(compiled.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`));
    // Downloads (CSV) stream their own bytes: their 200 is documented as text/csv, not a JSON schema.
    type Responses = Record<string, { content?: Record<string, object> }>;
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, { responses?: Responses }>> };
    const missing = listOperations(t.app)
      .filter((op) => doc.paths[op.path]?.[op.method.toLowerCase()]?.responses?.["200"]?.content?.["application/json"])
      .map((op) => `${op.method} ${op.path}`)
      .filter((route) => !routes.has(route));
    expect(missing).toEqual([]);
  });

  it("writes what zod writes, byte for byte, for every route's schemas, and no field they do not list", () => {
    // The module's own compiler: the one imported here records into `compiled` as well.
    const serializer = createSerializerCompiler({ validate: false });
    for (const route of [...compiled]) {
      const write = serializer(route);
      const json = z.toJSONSchema(route.schema, { io: "output", target: "draft-7" }) as JsonSchema;
      for (let k = 0; k < 4; k++) {
        const value = sample(json, k);
        const expected = JSON.stringify(z.encode(route.schema, value));
        const text = (() => {
          try {
            return write(value);
          } catch (err) {
            throw new Error(`${route.method} ${route.url} ${route.httpStatus}, sample ${k}: ${(err as Error).message}`);
          }
        })();
        expect(text, `${route.method} ${route.url} ${route.httpStatus}, sample ${k}`).toBe(expected);
        expect(text).not.toContain("leaked_field");
        // A frozen answer (a cached page) is written once and its bytes reused.
        const frozen = Object.freeze(value);
        expect(String(write(frozen))).toBe(expected);
        expect(write(frozen)).toBe(write(frozen));
      }
    }
  });

  it("writes every success so that parsing it with its schema changes nothing (the web's build takes it as written)", () => {
    // The web's production build does not parse a success again (apps/web/src/lib/api-client.ts,
    // decision 053): what the API writes must already be what zod would make of it, with no
    // default to fill in, no text to trim and no field to drop.
    const serializer = createSerializerCompiler({ validate: false });
    const successes = compiled.filter((route) => String(route.httpStatus).startsWith("2"));
    expect(successes.length).toBeGreaterThan(50);
    for (const route of successes) {
      const write = serializer(route);
      const json = z.toJSONSchema(route.schema, { io: "output", target: "draft-7" }) as JsonSchema;
      for (let k = 0; k < 4; k++) {
        const written = JSON.parse(String(write(sample(json, k))));
        expect(route.schema.parse(written), `${route.method} ${route.url}, sample ${k}`).toEqual(written);
      }
    }
  });
});
