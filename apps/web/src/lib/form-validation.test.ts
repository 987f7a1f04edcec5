import { AddressLoginSchema, PracticeSchema, SupportRequestSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./api-client.ts";
import { schemaErrors, schemaValidator, setServerErrors } from "./form-validation.ts";

/** Every field of the practice form left empty. */
const EMPTY_PRACTICE = Object.fromEntries(Object.keys(PracticeSchema.shape).map((field) => [field, ""]));

describe("schemaErrors", () => {
  it("finds nothing wrong with valid values", () => {
    expect(
      schemaErrors(AddressLoginSchema, { method: "address", address_name: "A", line1: "1 Main", zip_code: "1" }),
    ).toEqual({});
  });

  it("gives every field of an empty form its own message", () => {
    const errors = schemaErrors(PracticeSchema, EMPTY_PRACTICE);
    expect(Object.keys(errors).sort()).toEqual(Object.keys(EMPTY_PRACTICE).sort());
  });

  it("says an empty field is required rather than badly formatted", () => {
    const empty = schemaErrors(SupportRequestSchema.pick({ email: true }), { email: "" });
    const wrong = schemaErrors(SupportRequestSchema.pick({ email: true }), { email: "not an address" });
    expect(empty.email).toBeDefined();
    expect(wrong.email).toBeDefined();
    expect(empty.email).not.toBe(wrong.email);
  });

  it("keys nested fields by their dotted path", () => {
    const schema = z.object({ ranges: z.array(z.object({ price: z.number({ error: "Price is required" }) })) });
    expect(schemaErrors(schema, { ranges: [{ price: 1 }, { price: "" }] })).toEqual({
      "ranges.1.price": "Price is required",
    });
  });
});

describe("schemaValidator", () => {
  const schema = z.object({ count: z.number({ error: "A number" }).int() });

  it("validates the values as they are", () => {
    expect(schemaValidator(schema)({ count: "3" })).toEqual({ count: "A number" });
  });

  it("validates what toInput makes of the values", () => {
    const validate = schemaValidator(schema, (values: { count: string }) => ({ count: Number(values.count) }));
    expect(validate({ count: "3" })).toEqual({});
  });
});

describe("setServerErrors", () => {
  it("puts a refused call's field messages on the form", () => {
    const set: Record<string, string>[] = [];
    setServerErrors(
      { setErrors: (errors) => set.push(errors) },
      new ApiError(400, "VALIDATION_FAILED", "Bad", { name: "Taken" }),
    );
    expect(set).toEqual([{ name: "Taken" }]);
  });

  it("leaves the form alone for any other failure", () => {
    const set: Record<string, string>[] = [];
    setServerErrors({ setErrors: (errors) => set.push(errors) }, new Error("offline"));
    expect(set).toEqual([]);
  });
});
