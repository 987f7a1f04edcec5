import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/**
 * A response schema of the contract as JSON Schema for fast-json-stringify: what the encoded value
 * may hold (io "output"), with three changes that make it write what zod writes.
 * - No `additionalProperties: false`: fast-json-stringify never writes a field an object's schema
 *   does not list anyway, and without it a union branch matches an object with extra fields, as
 *   zod's (stripping) objects do.
 * - No `required` lists, which would make it write required fields first: fields come in the
 *   schema's order, as zod writes them. (A missing field is zod's to catch, in the tests.)
 * - `X | null` as X with `nullable`, written without trying each branch of an anyOf.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" }) as JsonSchema;
  delete json.$schema;
  return forFastJson(json);
}

const SCHEMA_MAPS = ["properties", "patternProperties", "definitions", "$defs"];
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SUBSCHEMAS = ["items", "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else"];

function forFastJson(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (Array.isArray(out.required)) delete out.required;
  if (out.additionalProperties === false) delete out.additionalProperties;
  for (const key of SCHEMA_MAPS) {
    const map = out[key] as Record<string, JsonSchema> | undefined;
    if (map) out[key] = Object.fromEntries(Object.entries(map).map(([name, s]) => [name, forFastJson(s)]));
  }
  for (const key of [...SCHEMA_LISTS, ...SUBSCHEMAS]) {
    const sub = out[key];
    if (Array.isArray(sub)) out[key] = sub.map((s: JsonSchema) => forFastJson(s));
    else if (sub && typeof sub === "object") out[key] = forFastJson(sub as JsonSchema);
  }
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (branches?.length === 2) {
    const isNull = (b: JsonSchema) => b.type === "null" && Object.keys(b).length === 1;
    const other = branches.find((b) => !isNull(b));
    if (other && branches.some(isNull) && typeof other.type === "string" && other.anyOf === undefined) {
      const { anyOf: _, ...siblings } = out;
      return { ...siblings, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * Fastify's serializer for the contract's zod response schemas (decision 017): each compiled once
 * to fast-json-stringify instead of a zod pass and JSON.stringify per response. An answer the
 * caches hand out frozen is written once and its bytes reused. With `validate` (the tests) every
 * answer is also encoded by zod as before — contract drift fails the test — and the compiled text
 * must equal zod's, byte for byte.
 */
export function createSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // Compiled at a route's first answer: compiling every route at start-up costs about a second.
    let compiled: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => {
      compiled ??= fastJson(responseJsonSchema(schema)) as (data: unknown) => string;
      return compiled(data);
    };
    const serialize = validate
      ? (data: unknown) => {
          const encoded = z.safeEncode(schema, data);
          if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
          const text = stringify(data);
          const expected = JSON.stringify(encoded.data);
          if (text !== expected) {
            throw new Error(`${method} ${url}: the compiled serializer wrote ${text}, zod ${expected}`);
          }
          return text;
        }
      : stringify;
    // A frozen answer's bytes, encoded once: Fastify sends a Buffer as it is, where it would encode
    // a string again for every request (a tenth of a 23 KB list's cost).
    const written = new WeakMap<object, Buffer>();
    return (data: unknown) => {
      if (data === null || typeof data !== "object" || !Object.isFrozen(data)) return serialize(data);
      let bytes = written.get(data);
      if (bytes === undefined) {
        bytes = Buffer.from(serialize(data));
        written.set(data, bytes);
      }
      return bytes as unknown as string;
    };
  };
}
