import { z } from "zod";
import { MESSAGES } from "./messages.ts";
import { dbText } from "./primitives.ts";
import { EMAIL_PATTERN } from "./users.ts";

/** Customer Service categories (SPEC §9). */
export const SUPPORT_CATEGORIES = [
  "Ordering a Product",
  "Shipping Issue",
  "My Account",
  "Shopping Cart",
  "Order History",
] as const;
export const SUPPORT_METHOD_DEFAULT = "EMAIL";

const required = (message: string, max: number) => dbText(message).trim().min(1, message).max(max);

/** POST /api/support/add (SPEC §3 "Support request"); user_id comes from the session, 0 before sign-in. */
export const SupportRequestSchema = z.object({
  full_name: required("Your name is required", 200),
  email: required(MESSAGES.emailRequired, 254).regex(EMAIL_PATTERN, MESSAGES.invalidEmailFormat),
  phone: required(MESSAGES.phoneRequired, 40),
  support_category: z.enum(SUPPORT_CATEGORIES, { error: "Choose the area you are having issue with" }),
  description: required("Please describe the issue", 5000),
  method: z.literal(SUPPORT_METHOD_DEFAULT).optional(),
});
export type SupportRequest = z.infer<typeof SupportRequestSchema>;
