import { describe, expect, it } from "vitest";
import { CartUpdateRequestSchema } from "./cart.ts";
import {
  dbInt,
  dbText,
  formInt,
  IdSchema,
  INT4_MAX,
  INT4_MIN,
  IsoDateSchema,
  isCalendarDate,
  PRIMITIVE_MESSAGES,
} from "./primitives.ts";
import { ReportFilterSchema } from "./reports.ts";
import { PracticeSchema } from "./users.ts";

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("dbInt: what an int4 column holds", () => {
  it.each([INT4_MIN, -1, 0, 1, INT4_MAX])("accepts %j", (value) => {
    expect(dbInt().safeParse(value).success).toBe(true);
  });

  // An integer is a JSON number (decision 028): coercion read these as 0, 1, 4, 2 or 42.
  it.each([null, true, false, [4], [], "0x2", "", " ", "42", "1e3", Number.NaN, Number.POSITIVE_INFINITY])(
    "refuses %j: only a JSON number is an integer",
    (value) => {
      expect(firstMessage(dbInt().safeParse(value))).toBe(PRIMITIVE_MESSAGES.number);
    },
  );

  it.each([
    ["2^31", 2 ** 31, PRIMITIVE_MESSAGES.int4Range],
    ["-2^31 - 1", INT4_MIN - 1, PRIMITIVE_MESSAGES.int4Range],
    ["2^53", 2 ** 53, PRIMITIVE_MESSAGES.int4Range],
    ["a fraction", 1.5, PRIMITIVE_MESSAGES.wholeNumber],
    ["text", "abc", PRIMITIVE_MESSAGES.number],
    ["an object", {}, PRIMITIVE_MESSAGES.number],
  ])("refuses %s with a clear message", (_case, value, message) => {
    expect(firstMessage(dbInt().safeParse(value))).toBe(message);
  });

  it("ids are 1 … 2147483647", () => {
    expect(IdSchema.safeParse(INT4_MAX).success).toBe(true);
    expect(IdSchema.safeParse(INT4_MAX + 1).success).toBe(false);
    expect(firstMessage(IdSchema.safeParse(0))).toBe(PRIMITIVE_MESSAGES.id);
  });
});

describe("formInt: an integer in a form body", () => {
  it.each([
    [42, 42],
    ["42", 42],
    [" 7 ", 7],
    ["-3", -3],
    ["+5", 5],
  ])("reads %j as %j", (value, expected) => {
    expect(formInt().parse(value)).toBe(expected);
  });

  it.each([null, true, [4], "0x2", "", "1e3", "1.5", "4 packs", "99999999999999999999", 1.5, 2 ** 31])(
    "refuses %j",
    (value) => {
      expect(formInt().safeParse(value).success).toBe(false);
    },
  );
});

describe("request integers are not coerced", () => {
  const update = (quantity: unknown) => CartUpdateRequestSchema.safeParse({ items: [{ id: 1, quantity }] });

  it("a cart line's quantity null does not mean 0 (removal), nor [4] mean 4", () => {
    expect(update(null).success).toBe(false);
    expect(update([4]).success).toBe(false);
    expect(update("4").success).toBe(false);
    expect(update(4).success).toBe(true);
    expect(update(0).success).toBe(true);
  });

  it("an id true is not user 1, nor 0x2 user 2", () => {
    expect(IdSchema.safeParse(true).success).toBe(false);
    expect(IdSchema.safeParse("0x2").success).toBe(false);
    expect(IdSchema.safeParse("2").success).toBe(false);
  });
});

describe("dbText: what a text or jsonb column holds", () => {
  it.each(["", "Happy Paws", "Zoë's clinic 🐾", "a\tb\nc"])("accepts %j", (value) => {
    expect(dbText().safeParse(value).success).toBe(true);
  });

  it.each([
    ["a NUL character", "a\u0000b", PRIMITIVE_MESSAGES.nul],
    ["a lone high surrogate", "a\ud800b", PRIMITIVE_MESSAGES.unicode],
    ["a lone low surrogate", "\udc00", PRIMITIVE_MESSAGES.unicode],
    ["a reversed pair", "\udc00\ud800", PRIMITIVE_MESSAGES.unicode],
  ])("refuses %s", (_case, value, message) => {
    expect(firstMessage(dbText().safeParse(value))).toBe(message);
  });

  it("keeps the spec's messages of the fields built on it", () => {
    const practice = {
      practice_name: "Happy Paws",
      email: "maria@happypaws.com",
      phone: "415-555-0100",
      contact: "Maria",
      line1: "120 Market Street",
      city: "San Francisco",
      state: "CA",
      zip_code: "94105",
    };
    expect(PracticeSchema.safeParse(practice).success).toBe(true);
    expect(firstMessage(PracticeSchema.safeParse({ ...practice, city: " " }))).toBe("City is required");
    expect(firstMessage(PracticeSchema.safeParse({ ...practice, city: "San\u0000Francisco" }))).toBe(
      PRIMITIVE_MESSAGES.nul,
    );
  });
});

describe("IsoDateSchema: real calendar days between 1900 and 2100", () => {
  it.each(["1900-01-01", "2024-02-29", "2100-12-31"])("accepts %s", (value) => {
    expect(IsoDateSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ["0000-01-01", PRIMITIVE_MESSAGES.dateRange],
    ["1899-12-31", PRIMITIVE_MESSAGES.dateRange],
    ["2101-01-01", PRIMITIVE_MESSAGES.dateRange],
    ["2023-02-30", PRIMITIVE_MESSAGES.realDate],
    ["2023-02-29", PRIMITIVE_MESSAGES.realDate],
    ["2024-13-01", PRIMITIVE_MESSAGES.realDate],
    ["10000-01-01", PRIMITIVE_MESSAGES.dateFormat],
    ["2024-1-1", PRIMITIVE_MESSAGES.dateFormat],
  ])("refuses %s", (value, message) => {
    expect(firstMessage(IsoDateSchema.safeParse(value))).toBe(message);
  });

  it.each(["2024-1-1", "2024-01-1", "20240101", "2024/01/01", "2024-01-01T00:00", " 2024-01-01", ""])(
    "isCalendarDate refuses %j: only YYYY-MM-DD is a calendar day",
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
    },
  );

  it("is the report filter's date", () => {
    const result = ReportFilterSchema.safeParse({ date_from: "0000-01-01", date_to: "2024-01-01" });
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["date_from", PRIMITIVE_MESSAGES.dateRange],
    ]);
  });
});
