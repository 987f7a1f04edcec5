import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError } from "fastify-type-provider-zod";
import { z } from "zod";

type JsonSchema = Record<string, unknown>;

/**
 * A response schema of the contract as JSON Schema for fast-json-stringify: what the encoded
 * value may hold (io "output"), every object closed (`additionalProperties: false`, so a field the
 * schema does not list is never written), and `X | null` as X with `nullable`, which the
 * serializer writes without trying each branch of an anyOf.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "output", target: "draft-7", unrepresentable: "throw" }) as JsonSchema;
  delete json.$schema;
  return nullableBranches(json) as JsonSchema;
}

function nullableBranches(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableBranches);
  if (!node || typeof node !== "object") return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, nullableBranches(v)])) as JsonSchema;
  const branches = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (b: JsonSchema) => b.type === "null" && Object.keys(b).length === 1;
    const other = branches.find((b) => !isNull(b));
    if (other && branches.some(isNull) && typeof other.type === "string" && other.anyOf === undefined) {
      const { anyOf: _, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

/**
 * Fastify's serializer for the contract's zod response schemas (decision 017): each compiled once
 * to fast-json-stringify instead of a zod pass and JSON.stringify per response. An answer the
 * caches hand out frozen is written once and its text reused. With `validate` (the tests) every
 * answer is also encoded by zod as before — contract drift fails the test — and the compiled text
 * must equal zod's, byte for byte.
 */
export function createSerializerCompiler({ validate }: { validate: boolean }): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    const stringify = fastJson(responseJsonSchema(schema)) as (data: unknown) => string;
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
    const written = new WeakMap<object, string>();
    return (data: unknown) => {
      if (data === null || typeof data !== "object" || !Object.isFrozen(data)) return serialize(data);
      let text = written.get(data);
      if (text === undefined) {
        text = serialize(data);
        written.set(data, text);
      }
      return text;
    };
  };
}
