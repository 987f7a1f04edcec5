import { z } from "zod";
import { MESSAGES } from "./messages.ts";
import { dbText, formInt } from "./primitives.ts";

/** Session lifetime in seconds; the legacy product sends it as the string "996000" (SPEC §9). */
export const SESSION_EXPIRES_IN = 996000;

const requiredText = (message: string, max = 200) => dbText(message).trim().min(1, message).max(max);

/** Practice sign-in (SPEC §7 POST /auth, method=address). customer_id is optional and must be the portal's. */
export const AddressLoginSchema = z.object({
  method: z.literal("address"),
  customer_id: formInt().optional(),
  address_name: requiredText(MESSAGES.practiceNameRequired),
  line1: requiredText(MESSAGES.addressRequired),
  zip_code: requiredText(MESSAGES.zipRequired, 20),
});
export type AddressLogin = z.infer<typeof AddressLoginSchema>;

/**
 * Staff sign-in with email and password; the only way to administrator rights (DESIGN §5).
 * The email is a credential to look up, not new input: the format rule of SPEC §5 is not applied
 * here (the demo administrator's reserved `.example` domain is longer than that rule's 6 letters).
 */
export const PasswordLoginSchema = z.object({
  method: z.literal("password"),
  email: requiredText(MESSAGES.emailRequired, 254),
  password: dbText("Password is required").min(1, "Password is required").max(200),
});
export type PasswordLogin = z.infer<typeof PasswordLoginSchema>;

export const LoginRequestSchema = z.discriminatedUnion("method", [AddressLoginSchema, PasswordLoginSchema], {
  error: "method must be 'address' or 'password'",
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const ProfileAddressSchema = z.object({
  address_id: z.number().int(),
  title: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip_code: z.string(),
  country: z.number().int(),
});

/** Profile returned by sign-in and stored under PROFILE (SPEC §3). */
export const ProfileSchema = z.object({
  user_id: z.number().int(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  title: z.string().nullable(),
  representation: z.string().nullable(),
  address: ProfileAddressSchema.nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** Sign-in success: the legacy fields (result, profile, access_token, data = refresh token) plus expiresIn. */
export const LoginResponseSchema = z.object({
  result: z.literal(1),
  profile: ProfileSchema,
  access_token: z.string(),
  data: z.string(),
  expiresIn: z.string(),
  expireDate: z.string(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const RefreshRequestSchema = z.object({
  refresh_token: dbText("refresh_token is required").min(1, "refresh_token is required").max(200),
});
/**
 * A refresh rotates both tokens (decision 026): the new id token and the new refresh token, which
 * replaces the one sent (that one is retired; sending it again revokes the session).
 */
export const RefreshDataSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expiresIn: z.string(),
  expireDate: z.string(),
});
export type RefreshData = z.infer<typeof RefreshDataSchema>;
export const RefreshResponseSchema = z.object({
  result: z.literal(1),
  data: RefreshDataSchema,
});

/** What the browser keeps under userDetails (SPEC §3). */
export const StoredSessionSchema = z.object({
  displayName: z.string(),
  username: z.string(),
  expireDate: z.string(),
  expiresIn: z.string(),
  userid: z.number().int(),
  idToken: z.string(),
  refreshToken: z.string(),
  registered: z.boolean(),
});
export type StoredSession = z.infer<typeof StoredSessionSchema>;
