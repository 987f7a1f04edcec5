import { z } from "zod";

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
