import { Ajv, type ValidateFunction } from "ajv";

type Json = Record<string, unknown>;

/**
 * An OpenAPI 3.0 schema object as JSON Schema draft-07 for ajv: `nullable` becomes a `null`
 * branch, 3.0's boolean `exclusiveMinimum`/`exclusiveMaximum` become numbers, and `$ref`s into
 * `#/components/schemas` are inlined.
 */
export function toJsonSchema(schema: unknown, components: Record<string, unknown>): unknown {
  if (Array.isArray(schema)) return schema.map((s) => toJsonSchema(s, components));
  if (schema === null || typeof schema !== "object") return schema;
  const source = schema as Json;
  if (typeof source.$ref === "string") {
    const name = source.$ref.replace("#/components/schemas/", "");
    return toJsonSchema(components[name], components);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(
        Object.entries(value as Json).map(([name, s]) => [name, toJsonSchema(s, components)]),
      );
    } else if (key === "example" || key === "nullable") {
      // Annotations ajv does not know; nullable is handled below.
    } else {
      out[key] = toJsonSchema(value, components);
    }
  }
  for (const [flag, limit] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (out[flag] === true) {
      out[flag] = out[limit];
      delete out[limit];
    } else if (out[flag] === false) {
      delete out[flag];
    }
  }
  if (source.nullable === true) return { anyOf: [out, { type: "null" }] };
  return out;
}

/** Compiles documented schemas once each (by their JSON text). */
export function schemaValidators(components: Record<string, unknown>) {
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const cache = new Map<string, ValidateFunction>();
  return (schema: unknown) => {
    const key = JSON.stringify(schema);
    let validate = cache.get(key);
    if (!validate) {
      validate = ajv.compile(toJsonSchema(schema, components) as Json);
      cache.set(key, validate);
    }
    return validate;
  };
}
