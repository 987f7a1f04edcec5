import { z } from "zod";
import { MESSAGES } from "./messages.ts";

/** User levels (SPEC §3, §6). */
export const USER_LEVELS = [
  { id: 1, name: "User" },
  { id: 2, name: "Manager" },
  { id: 3, name: "Administrator" },
] as const;
export const USER_LEVEL = { USER: 1, MANAGER: 2, ADMINISTRATOR: 3 } as const;
export type UserLevelId = (typeof USER_LEVELS)[number]["id"];

/**
 * Email pattern (SPEC §5): local part of letters, digits, dot, underscore, hyphen; an at sign;
 * a domain; a top-level domain of 2 to 6 letters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,6}$/;
export const EmailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.invalidEmailFormat)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmailFormat);

/** Password rule (SPEC §5): at least 7 characters with at least one digit and one letter. */
export const PASSWORD_MIN_LENGTH = 7;
export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[0-9]/.test(password) && /[A-Za-z]/.test(password);
}
export const PasswordSchema = z
  .string({ error: MESSAGES.passwordRule })
  .max(200, MESSAGES.passwordRule)
  .refine(isValidPassword, MESSAGES.passwordRule);

/** Password + confirmation, as on the change-password form. */
export const PasswordChangeSchema = z
  .object({
    password: z.string({ error: MESSAGES.passwordRule }),
    confirmPassword: z.string({ error: MESSAGES.passwordRule }),
  })
  .refine((v) => isValidPassword(v.password), { message: MESSAGES.passwordRule, path: ["password"] })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordRule, path: ["confirmPassword"] });

/** Phone mask 999-999-9999 (SPEC §9). */
export const PHONE_MASK = "999-999-9999";
export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;

/** Formats whatever digits were typed into the ddd-ddd-dddd mask, as the masked input shows them. */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, "").slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const PhoneSchema = z
  .string({ error: MESSAGES.phoneRequired })
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(PHONE_PATTERN, MESSAGES.phoneFormat);

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

/** ZIP or ZIP+4. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;

/**
 * The practice form of sign-up and of the admin's Add/Modify User (SPEC §3 "Practice / sign-up
 * payload", §5): every field required, each with its own message (DESIGN §7).
 */
export const PracticeSchema = z.object({
  practice_name: requiredText(MESSAGES.practiceNameRequired),
  email: EmailSchema,
  phone: PhoneSchema,
  contact: requiredText(MESSAGES.contactRequired),
  line1: requiredText(MESSAGES.addressRequired),
  city: requiredText(MESSAGES.cityRequired, 100),
  state: z.string({ error: MESSAGES.stateRequired }).trim().toUpperCase().length(2, MESSAGES.stateRequired),
  zip_code: requiredText(MESSAGES.zipRequired, 10).regex(ZIP_PATTERN, "Zip code must be 5 digits (or ZIP+4)"),
});
export type Practice = z.infer<typeof PracticeSchema>;

/** POST /api/address/addressValidate: the delivery address part of the practice form. */
export const AddressValidateRequestSchema = PracticeSchema.pick({
  line1: true,
  city: true,
  state: true,
  zip_code: true,
});
