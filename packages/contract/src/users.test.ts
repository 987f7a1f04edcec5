import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "./messages.ts";
import {
  EMAIL_PATTERN,
  EmailSchema,
  formatPhone,
  isValidPassword,
  PasswordChangeSchema,
  PhoneSchema,
} from "./users.ts";

describe("email pattern (SPEC §5, widened TLD: decision 005)", () => {
  it.each([
    "maria.lopez@happypaws.com",
    "a_b-c.d@sub.domain.org",
    "X1@clinic.vet",
    "front.desk@vets.museum",
    "admin@vetportal.example",
    "hello@dogs.veterinary",
  ])("accepts %s", (email) => expect(EMAIL_PATTERN.test(email)).toBe(true));

  it.each([
    ["no at sign", "maria.happypaws.com"],
    ["two at signs", "maria@@happypaws.com"],
    ["a plus in the local part", "maria+orders@happypaws.com"],
    ["a one-letter top-level domain", "maria@happypaws.c"],
    ["a 64-letter top-level domain", `maria@happypaws.${"a".repeat(64)}`],
    ["a digit in the top-level domain", "maria@happypaws.c0m"],
    ["no domain", "maria@.com"],
    ["a space", "maria lopez@happypaws.com"],
    ["empty", ""],
  ])("rejects %s", (_case, email) => expect(EMAIL_PATTERN.test(email)).toBe(false));

  it("gives the spec's messages", () => {
    expect(EmailSchema.safeParse("").error?.issues[0]?.message).toBe(MESSAGES.emailRequired);
    expect(EmailSchema.safeParse("nope").error?.issues[0]?.message).toBe(MESSAGES.invalidEmailFormat);
    expect(EmailSchema.parse("  maria@happypaws.com ")).toBe("maria@happypaws.com");
  });

  it("accepts any local part, domain and letter-only TLD built from the allowed characters", () => {
    const word = (chars: string, min: number, max: number) =>
      fc.string({ unit: fc.constantFrom(...chars.split("")), minLength: min, maxLength: max });
    const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    fc.assert(
      fc.property(
        word(`${alnum}._-`, 1, 20),
        word(`${alnum}-`, 1, 20),
        word("abcdefghijklmnopqrstuvwxyz", 2, 63),
        (local, domain, tld) => EMAIL_PATTERN.test(`${local}@${domain}.${tld}`),
      ),
    );
  });
});

describe("password rule (SPEC §5)", () => {
  it.each(["abc1234", "Passw0rd", "1111111a", "VetPortal2026"])("accepts %s", (pw) =>
    expect(isValidPassword(pw)).toBe(true),
  );
  it.each([
    ["six characters", "abc123"],
    ["letters only", "abcdefgh"],
    ["digits only", "12345678"],
    ["symbols and digits only", "!!!!123"],
    ["empty", ""],
  ])("rejects %s", (_case, pw) => expect(isValidPassword(pw)).toBe(false));

  it("requires the confirmation to match, with the spec's message", () => {
    const mismatch = PasswordChangeSchema.safeParse({ password: "abc1234", confirmPassword: "abc12345" });
    expect(mismatch.error?.issues).toEqual([
      expect.objectContaining({ path: ["confirmPassword"], message: MESSAGES.passwordRule }),
    ]);
    const weak = PasswordChangeSchema.safeParse({ password: "abcdefg", confirmPassword: "abcdefg" });
    expect(weak.error?.issues[0]).toMatchObject({ path: ["password"], message: MESSAGES.passwordRule });
    expect(PasswordChangeSchema.safeParse({ password: "abc1234", confirmPassword: "abc1234" }).success).toBe(true);
  });

  it("holds for any string: valid exactly when long enough with a digit and a letter", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (pw) => {
        expect(isValidPassword(pw)).toBe(pw.length >= 7 && /\d/.test(pw) && /[a-z]/i.test(pw));
      }),
    );
  });
});

describe("phone mask 999-999-9999 (SPEC §9)", () => {
  it.each([
    ["", ""],
    ["4", "4"],
    ["415", "415"],
    ["4155", "415-5"],
    ["415555", "415-555"],
    ["4155550101", "415-555-0101"],
    ["(415) 555-0101", "415-555-0101"],
    ["415.555.0101 ext 9", "415-555-0101"],
    ["41555501019999", "415-555-0101"],
  ])("formats %j as %j", (input, output) => expect(formatPhone(input)).toBe(output));

  it("validates only the full mask", () => {
    expect(PhoneSchema.safeParse("415-555-0101").success).toBe(true);
    expect(PhoneSchema.safeParse("415-555-010").success).toBe(false);
    expect(PhoneSchema.safeParse("4155550101").success).toBe(false);
    expect(PhoneSchema.safeParse("").error?.issues[0]?.message).toBe(MESSAGES.phoneRequired);
  });

  it("always yields a prefix of the mask, and the full mask from ten or more digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 25 }), (input) => {
        const out = formatPhone(input);
        expect(out).toMatch(/^\d{0,3}(-\d{1,3}(-\d{1,4})?)?$/);
        if (input.replace(/\D/g, "").length >= 10) expect(out).toMatch(/^\d{3}-\d{3}-\d{4}$/);
      }),
    );
  });
});
