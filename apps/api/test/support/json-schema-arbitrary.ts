import fc from "fast-check";

/** An OpenAPI 3.0 schema object, as the document at /api/docs writes it. */
export type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  not?: Schema;
  nullable?: boolean;
};

/** Generated text stays short: long strings only test length limits, which the fuzz test covers. */
const MAX_TEXT = 24;
const MAX_ITEMS = 3;

/**
 * A fast-check arbitrary of the values an OpenAPI 3.0 schema admits (decision 028): what an outside
 * tester driven by the document would send. It covers what the contract's schemas use — types,
 * enums, nullable, anyOf/oneOf/allOf, `not`, ranges (3.0's boolean `exclusiveMinimum` included),
 * lengths, patterns, `format: date`/`email`, required and optional properties — and biases toward
 * the schema's own `example` and `default`, so ids hit the demo data.
 */
export function arbitraryOf(schema: Schema): fc.Arbitrary<unknown> {
  const base = bareArbitrary(schema);
  const withNull = schema.nullable ? fc.oneof(base, fc.constant(null)) : base;
  const examples = [schema.example, schema.default].filter((v) => v !== undefined);
  const biased = examples.length ? fc.oneof(withNull, fc.constantFrom(...examples)) : withNull;
  const not = schema.not;
  if (!not?.enum) return biased;
  return biased.filter((v) => !not.enum?.some((e) => e === v));
}

function bareArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return fc.oneof(...branches.map(arbitraryOf));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf) as Schema);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "object":
      return objectOf(schema);
    case "array": {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.max(minLength, Math.min((schema.maxItems as number | undefined) ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(arbitraryOf(schema.items ?? {}), { minLength, maxLength });
    }
    case "integer":
      return fc.integer(integerRange(schema));
    case "number":
      return fc.oneof(
        fc.integer(integerRange(schema)),
        fc.double({ ...numberRange(schema), noNaN: true, noDefaultInfinity: true }),
      );
    case "boolean":
      return fc.boolean();
    case "string":
      return stringOf(schema);
    case "null":
      return fc.constant(null);
    default:
      // No type: anything JSON.
      return fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 8 }), fc.boolean());
  }
}

function objectOf(schema: Schema) {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, arbitraryOf(s)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
}

function bound(schema: Schema, key: "minimum" | "maximum") {
  const value = schema[key] as number | undefined;
  if (value === undefined) return undefined;
  const exclusive = schema[key === "minimum" ? "exclusiveMinimum" : "exclusiveMaximum"];
  if (exclusive === true) return key === "minimum" ? value + 1 : value - 1;
  return value;
}

function integerRange(schema: Schema) {
  let min = bound(schema, "minimum");
  let max = bound(schema, "maximum");
  if (typeof schema.exclusiveMinimum === "number") min = schema.exclusiveMinimum + 1;
  if (typeof schema.exclusiveMaximum === "number") max = schema.exclusiveMaximum - 1;
  return {
    min: Math.ceil(Math.max(min ?? -(2 ** 31), Number.MIN_SAFE_INTEGER)),
    max: Math.floor(Math.min(max ?? 2 ** 31 - 1, Number.MAX_SAFE_INTEGER)),
  };
}

function numberRange(schema: Schema) {
  const { min, max } = integerRange(schema);
  return { min, max };
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = (schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
  const fits = (s: string) => s.length >= minLength && s.length <= maxLength;
  if (schema.format === "date") {
    return fc
      .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.format === "email") return fc.emailAddress().filter(fits);
  if (typeof schema.pattern === "string") {
    return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  }
  return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, MAX_TEXT)) });
}
