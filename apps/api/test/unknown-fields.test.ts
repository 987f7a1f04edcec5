import { MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { bearer } from "./helpers.ts";
import { type JsonSchema, listOperations } from "./openapi-routes.ts";
import { useSignedInApp } from "./support/app.ts";

/**
 * DESIGN §4: "Unknown fields are refused with 400, so a mistaken request never silently means
 * something else" — for every operation of the OpenAPI document, so a route added later is covered
 * (decision 027; the app makes every body schema strict in app.ts).
 */
const t = useSignedInApp();
const UNKNOWN = "zz_not_a_field";

/** Every object schema of a request body, with where it is, nested ones included. */
function objects(schema: JsonSchema | undefined, at: string): { at: string; schema: JsonSchema }[] {
  if (!schema || typeof schema !== "object") return [];
  const found = schema.type === "object" || schema.properties ? [{ at, schema }] : [];
  const children = [
    ...Object.entries(schema.properties ?? {}).map(([key, value]) => objects(value, `${at}.${key}`)),
    ...(schema.items ? [objects(schema.items, `${at}[]`)] : []),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...((schema.allOf as JsonSchema[]) ?? [])].map((s, i) =>
      objects(s, `${at}|${i}`),
    ),
  ];
  return [...found, ...children.flat()];
}

describe("unknown request fields", () => {
  it("every JSON body refuses a field it does not declare with 400, naming the field", async () => {
    const operations = listOperations(t.app).filter((op) => op.bodyTypes.includes("application/json"));
    expect(operations.length).toBeGreaterThan(50);
    const accepted: string[] = [];
    for (const op of operations) {
      // A union is checked branch by branch, with the branch's discriminator (sign-in's method).
      for (const branch of op.body?.oneOf ?? [op.body]) {
        const tags = Object.entries(branch?.properties ?? {}).flatMap(([key, value]) =>
          value.enum?.length === 1 ? [[key, value.enum[0]]] : [],
        );
        const res = await t.app.inject({
          method: op.method,
          url: op.url(),
          headers: bearer(t.admin),
          payload: { ...Object.fromEntries(tags), [UNKNOWN]: 1 },
        });
        const fields = res.statusCode === 400 ? res.json().error.fields : undefined;
        if (fields?.[UNKNOWN] !== MESSAGES.unknownField) accepted.push(`${op.method} ${op.path}: ${res.statusCode}`);
      }
    }
    expect(accepted).toEqual([]);
  });

  it("the document says so: every object of every request body has additionalProperties false", () => {
    const open: string[] = [];
    for (const op of listOperations(t.app)) {
      if (!op.bodyTypes.includes("application/json")) continue;
      for (const { at, schema } of objects(op.body, op.path)) {
        if (schema.additionalProperties !== false) open.push(at);
      }
    }
    expect(open).toEqual([]);
  });
});
