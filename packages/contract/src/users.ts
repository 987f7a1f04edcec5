import { z } from "zod";
import { enumeration } from "./enumeration.ts";
import { MESSAGES } from "./messages.ts";
import { dbInt, dbText, IdSchema } from "./primitives.ts";

/** User levels (SPEC §3, §6), declared once (decision 030). */
const UserLevels = enumeration({
  USER: { id: 1, name: "User" },
  MANAGER: { id: 2, name: "Manager" },
  ADMINISTRATOR: { id: 3, name: "Administrator" },
});
export const USER_LEVEL = UserLevels.ids;
export const USER_LEVELS = UserLevels.list;
export type UserLevelId = (typeof USER_LEVELS)[number]["id"];

/**
 * Email pattern (SPEC §5): local part of letters, digits, dot, underscore, hyphen; an at sign;
 * a domain; a top-level domain of letters. SPEC §5 caps the TLD at 6 letters; we allow up to 63
 * (DNS's limit) because real TLDs are longer (.veterinary, .example): decision 005.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@(?:[A-Za-z0-9-]+\.)+[A-Za-z]{2,63}$/;
export const EmailSchema = dbText(MESSAGES.emailRequired)
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.invalidEmailFormat)
  .regex(EMAIL_PATTERN, MESSAGES.invalidEmailFormat);

/** Password rule (SPEC §5): at least 7 characters with at least one digit and one letter. */
export const PASSWORD_MIN_LENGTH = 7;
export function isValidPassword(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH && /[0-9]/.test(password) && /[A-Za-z]/.test(password);
}
export const PasswordSchema = dbText(MESSAGES.passwordRule)
  .max(200, MESSAGES.passwordRule)
  .refine(isValidPassword, MESSAGES.passwordRule);

const newPasswordFields = {
  password: dbText(MESSAGES.passwordRule).max(200, MESSAGES.passwordRule),
  confirmPassword: dbText(MESSAGES.passwordRule).max(200, MESSAGES.passwordRule),
};
const newPasswordRules = <T extends z.ZodType<{ password: string; confirmPassword: string }>>(schema: T) =>
  schema
    .refine((v) => isValidPassword(v.password), { message: MESSAGES.passwordRule, path: ["password"] })
    .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordRule, path: ["confirmPassword"] });

/** Password + confirmation, as on the set-password form. */
export const PasswordChangeSchema = newPasswordRules(z.object(newPasswordFields));

/**
 * The change-password form: the current password (a stolen session alone cannot change it,
 * docs/decisions/012), then the new one twice.
 */
export const ChangeOwnPasswordSchema = newPasswordRules(
  z.object({
    current_password: dbText(MESSAGES.currentPasswordRequired)
      .min(1, MESSAGES.currentPasswordRequired)
      .max(200, MESSAGES.currentPasswordWrong),
    ...newPasswordFields,
  }),
);

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

export const PhoneSchema = dbText(MESSAGES.phoneRequired)
  .trim()
  .min(1, MESSAGES.phoneRequired)
  .regex(PHONE_PATTERN, MESSAGES.phoneFormat);

const requiredText = (message: string, max = 200) => dbText(message).trim().min(1, message).max(max);

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
  state: dbText(MESSAGES.stateRequired).trim().toUpperCase().length(2, MESSAGES.stateRequired),
  zip_code: requiredText(MESSAGES.zipRequired, 10).regex(ZIP_PATTERN, "Zip code must be 5 digits (or ZIP+4)"),
});
export type Practice = z.infer<typeof PracticeSchema>;

/**
 * POST /api/address/addressValidate: the delivery address part of the practice form. SPEC §7 sends
 * the whole sign-up form, so its other fields are declared too (and not checked here: sign-up
 * checks them), which keeps unknown fields refused (decision 027).
 */
export const AddressValidateRequestSchema = PracticeSchema.pick({
  line1: true,
  city: true,
  state: true,
  zip_code: true,
}).extend({
  practice_name: dbText().max(200).optional(),
  email: dbText().max(254).optional(),
  phone: dbText().max(50).optional(),
  contact: dbText().max(200).optional(),
});

/** Page sizes of the admin Users list (SPEC §9); 10 is the default. */
export const USER_PAGE_SIZES = [10, 15, 20, 25, 30] as const;

const optionalText = (max = 200) => dbText().trim().max(max).optional();
const optionalId = IdSchema.optional();

/** POST /api/user/list (admin). Paging is by real offsets (DESIGN §7). */
export const UserListRequestSchema = z.object({
  /** Free text matched against the name, email or practice (any of them). */
  search: optionalText(),
  first_name: optionalText(),
  last_name: optionalText(),
  email: optionalText(),
  representation: optionalText(),
  user_level_id: optionalId,
  department_id: optionalId,
  is_active: z.union([z.literal(0), z.literal(1)]).optional(),
  limit: dbInt().min(1).max(100).default(10),
  offset: dbInt().min(0).default(0),
});
export type UserListRequest = z.infer<typeof UserListRequestSchema>;

export const UserRowSchema = z.object({
  id: z.number().int(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  representation: z.string().nullable(),
  user_level_id: z.number().int(),
  user_level: z.string(),
  is_approver: z.boolean(),
  /** Every order of this user needs approval (issue 23 §2). */
  requires_approval: z.boolean(),
  is_active: z.boolean(),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/** Role fields an administrator sets on a user (level, approver flag, department). */
export const UserRoleSchema = z.object({
  user_level_id: dbInt().min(1).max(3).optional(),
  is_approver: z.boolean().optional(),
  requires_approval: z.boolean().optional(),
  department_id: IdSchema.nullable().optional(),
});

/** POST /api/user/add (admin): the practice form plus role fields. */
export const AddUserRequestSchema = PracticeSchema.extend(UserRoleSchema.shape);
/** POST /api/user/updatepractice (admin). */
export const UpdatePracticeRequestSchema = AddUserRequestSchema.extend({ id: IdSchema });

/** POST /api/user/query: a user with the first address (admin: anyone of the customer; others: themselves). */
export const UserQueryRequestSchema = z.object({ id: IdSchema });
export const UserDetailSchema = UserRowSchema.extend({
  title: z.string().nullable(),
  cell: z.string().nullable(),
  fax: z.string().nullable(),
  contact: z.string().nullable(),
  line1: z.string().nullable(),
  zip_code: z.string().nullable(),
  address_id: z.number().int().nullable(),
});
export type UserDetail = z.infer<typeof UserDetailSchema>;

/** An optional phone: left out stays left out (a partial update keeps it); "" clears it. */
const optionalPhoneSchema = dbText()
  .trim()
  .regex(/^(\d{3}-\d{3}-\d{4})?$/, MESSAGES.phoneFormat)
  .optional()
  .transform((v) => (v === undefined ? undefined : v || null));

/** POST /api/user/update: personal info (own, or any user for an administrator), and for administrators is_active and role fields. */
export const UserUpdateRequestSchema = z
  .object({
    id: IdSchema,
    first_name: dbText().trim().min(1, MESSAGES.firstNameRequired).max(100).optional(),
    last_name: dbText().trim().min(1, MESSAGES.lastNameRequired).max(100).optional(),
    title: dbText().trim().min(1, MESSAGES.titleRequired).max(100).optional(),
    email: EmailSchema.optional(),
    phone: optionalPhoneSchema,
    cell: optionalPhoneSchema,
    fax: optionalPhoneSchema,
    is_active: z
      .union([z.literal(0), z.literal(1), z.boolean()])
      .transform(Boolean)
      .optional(),
  })
  .extend(UserRoleSchema.shape);

/** The Personal Info form (SPEC §5 "Personal info"). */
export const PersonalInfoSchema = z.object({
  first_name: dbText(MESSAGES.firstNameRequired).trim().min(1, MESSAGES.firstNameRequired).max(100),
  last_name: dbText(MESSAGES.lastNameRequired).trim().min(1, MESSAGES.lastNameRequired).max(100),
  title: dbText(MESSAGES.titleRequired).trim().min(1, MESSAGES.titleRequired).max(100),
  email: EmailSchema,
  phone: optionalPhoneSchema,
  cell: optionalPhoneSchema,
  fax: optionalPhoneSchema,
});

/** POST /api/user/delete (admin): always a soft delete (SPEC §4 "permanent 0"). */
export const UserDeleteRequestSchema = z.object({
  id: IdSchema,
  permanent: z.union([z.literal(0), z.literal(false)], { error: "Only a non-permanent delete is offered" }).optional(),
});

/**
 * POST /api/user/changePassword: the signed-in user's own password (fixes the legacy defect, DESIGN §7).
 * Needs a password sign-in and the current password (docs/decisions/012).
 */
export const ChangePasswordRequestSchema = ChangeOwnPasswordSchema;

/**
 * POST /api/auth/setPassword (public): spends a one-time set-password link (docs/decisions/012)
 * and sets the new password; the user then signs in with email and password.
 */
export const SetPasswordRequestSchema = newPasswordRules(
  z.object({
    token: dbText(MESSAGES.passwordLinkInvalid).min(1, MESSAGES.passwordLinkInvalid).max(200),
    ...newPasswordFields,
  }),
);
export type SetPasswordRequest = z.infer<typeof SetPasswordRequestSchema>;

/**
 * POST /api/auth/checkPasswordLink (public): whether a set-password link still works, asked by the
 * page when it opens (decision 026); 404 with MESSAGES.passwordLinkInvalid when it does not.
 */
export const CheckPasswordLinkRequestSchema = z.object({
  token: dbText(MESSAGES.passwordLinkInvalid).min(1, MESSAGES.passwordLinkInvalid).max(200),
});
export type CheckPasswordLinkRequest = z.infer<typeof CheckPasswordLinkRequestSchema>;

/** POST /api/user/sendPasswordLink (admin): email the user a one-time set-password link. */
export const SendPasswordLinkRequestSchema = z.object({ id: IdSchema });

/** POST /api/address/add (SPEC §5 "Address form"). Department addresses are for administrators. */
export const AddressRequestSchema = z.object({
  belong_to: z.enum(["user", "department"], { error: "Choose who the address belongs to" }),
  owner_id: IdSchema.optional(),
  dropdown_name: optionalText(100),
  company: optionalText(),
  contact: dbText(MESSAGES.contactRequired).trim().min(1, MESSAGES.contactRequired).max(200),
  line1: dbText(MESSAGES.addressRequired).trim().min(1, MESSAGES.addressRequired).max(200),
  line2: optionalText(),
  city: dbText(MESSAGES.cityRequired).trim().min(1, MESSAGES.cityRequired).max(100),
  state: dbText(MESSAGES.stateRequired).trim().toUpperCase().length(2, MESSAGES.stateRequired),
  zip_code: dbText(MESSAGES.zipRequired).trim().min(1, MESSAGES.zipRequired).regex(ZIP_PATTERN, MESSAGES.zipFormat),
  country: dbInt("Country is required").positive("Country is required"),
  phone: optionalPhoneSchema,
});
export const AddressSchema = z.object({
  id: z.number().int(),
  belong_to: z.string(),
  owner_id: z.number().int(),
  dropdown_name: z.string().nullable(),
  company: z.string().nullable(),
  contact: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.number().int(),
  phone: z.string().nullable(),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressQueryRequestSchema = z.object({
  belong_to: z.enum(["user", "department"]).default("user"),
  owner_id: IdSchema.optional(),
});
