import { z } from "zod";
import { dbInt, dbText } from "./primitives.ts";
import { EmailSchema, PhoneSchema } from "./users.ts";

/** Public, non-secret settings the web app needs before and after sign-in (GET /api/settings). */
export const PublicSettingsSchema = z.object({
  support_phone: z.string(),
  support_hours: z.string(),
  large_order_email: z.string(),
  pet_insurance_url: z.string(),
  /** The admin Users list shows a Practice column instead of name and email (SPEC §9). */
  user_list_practice_column: z.boolean(),
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

export const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  driver: z.enum(["pglite", "pg"]),
  uptime_s: z.number(),
});

/** GET /api/ready (decision 029): may this process take traffic? Each failed check says why. */
export const ReadinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  checks: z.object({
    database: z.enum(["ok", "down"]),
    migrations: z.enum(["ok", "pending", "unknown"]),
    outbox: z.enum(["ok", "stuck", "unknown"]),
  }),
  /** One sentence per failed check. */
  reasons: z.array(z.string()),
  /** Outgoing messages waiting or given up on (informational; failures alone do not make it not ready). */
  outbox: z.object({ pending: z.number().int(), failed: z.number().int() }).optional(),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/**
 * Portal settings an administrator edits at /admin/settings (issue 23 §5, decision 047). Until the
 * first save the environment's values apply (SUPPORT_PHONE, LARGE_ORDER_EMAIL, PET_INSURANCE_URL,
 * APPROVAL_REMIND_DAYS, and APPROVAL_REMIND_DAYS + APPROVAL_EXPIRE_DAYS for the expiry).
 */
export const SETTINGS_MAX_DAYS = 90;
export const SETTINGS_MESSAGES = {
  petInsuranceUrl: "Enter a link that starts with https://",
  days: `Enter a whole number of days from 1 to ${SETTINGS_MAX_DAYS}`,
  expiryAfterReminder: "Expiry must come after the reminder: enter more days than the reminder",
} as const;

const isHttpsLink = (s: string) => {
  try {
    const url = new URL(s);
    return url.protocol === "https:" && url.hostname.includes(".");
  } catch {
    return false;
  }
};

const days = () =>
  dbInt(SETTINGS_MESSAGES.days, SETTINGS_MESSAGES.days)
    .min(1, SETTINGS_MESSAGES.days)
    .max(SETTINGS_MAX_DAYS, SETTINGS_MESSAGES.days);

/** POST /api/settings/save: every setting at once (the form shows them all). */
export const PortalSettingsInputSchema = z
  .object({
    support_phone: PhoneSchema,
    large_order_email: EmailSchema,
    pet_insurance_url: dbText(SETTINGS_MESSAGES.petInsuranceUrl)
      .trim()
      .max(500, "At most 500 characters")
      .refine(isHttpsLink, SETTINGS_MESSAGES.petInsuranceUrl),
    /** Days an order waits for its approvers before they are reminded. */
    approval_remind_days: days(),
    /** Days an order waits (from the same start) before an undecided approval expires. */
    approval_expire_days: days(),
  })
  .refine((s) => s.approval_expire_days > s.approval_remind_days, {
    message: SETTINGS_MESSAGES.expiryAfterReminder,
    path: ["approval_expire_days"],
  });
export type PortalSettingsInput = z.input<typeof PortalSettingsInputSchema>;

/** POST /api/settings/query's body: nothing to choose. */
export const PortalSettingsQuerySchema = z.object({});

/**
 * The settings in force. The days are whole numbers once saved; the environment's defaults may be
 * fractions (a test's quick expiry), so the answer says only "a number".
 */
export const PortalSettingsSchema = z.object({
  support_phone: z.string(),
  large_order_email: z.string(),
  pet_insurance_url: z.string(),
  approval_remind_days: z.number(),
  approval_expire_days: z.number(),
  /** When an administrator last saved them; null: the environment's defaults apply. */
  saved_at: z.string().nullable(),
});
export type PortalSettings = z.infer<typeof PortalSettingsSchema>;
