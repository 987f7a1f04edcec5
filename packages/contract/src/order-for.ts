import { z } from "zod";
import { ProfileSchema } from "./auth.ts";
import { IdSchema } from "./primitives.ts";

/*
 * Ordering on a practice's behalf (issue 23 §4, decision 042): an administrator opens a session
 * with an explicit "acting for practice X" scope, kept on the server with the session; every request
 * of that session runs as the practice, with a practice's own rights and nothing more.
 */

/** POST /api/orderfor/start: the practice (a practice user's id) the administrator takes an order for. */
export const StartActingRequestSchema = z.object({ user_id: IdSchema });
export type StartActingRequest = z.infer<typeof StartActingRequestSchema>;

/** The scope a session is acting in: the practice, the administrator, and the practice's profile. */
export const ActingForSchema = z.object({
  /** The practice's user id: every request of the session now runs as it. */
  user_id: z.number().int(),
  practice_name: z.string(),
  /** The administrator who is taking the order (the session's own user). */
  admin_user_id: z.number().int(),
  admin_name: z.string(),
  /** The practice's profile, which the web shows in place of the administrator's while acting. */
  profile: ProfileSchema,
});
export type ActingFor = z.infer<typeof ActingForSchema>;

/**
 * POST /api/orderfor/start answers a session of its own for the order (decision 042): the
 * administrator's own session stays as it was, and the web returns to it on Stop.
 */
export const ActingSessionSchema = z.object({
  acting: ActingForSchema,
  access_token: z.string(),
  refresh_token: z.string(),
  expiresIn: z.string(),
  expireDate: z.string(),
});
export type ActingSession = z.infer<typeof ActingSessionSchema>;

/** POST /api/orderfor/current: the session's scope, or null when it acts as itself. */
export const CurrentActingSchema = ActingForSchema.nullable();

export const ORDER_FOR_MESSAGES = {
  /** The target is not an active practice of the portal (a staff account, deleted, unknown). */
  notAPractice: "That practice was not found or cannot order.",
} as const;

/** "Placed by {administrator} for {practice}", as the order pages and the report say it. */
export const placedByText = (adminName: string, practiceName: string) => `Placed by ${adminName} for ${practiceName}`;

/**
 * Who placed an order when it was not the practice itself (decision 042): the administrator who
 * took it by phone, and the practice it was placed for. Null on an order the practice placed.
 */
export const PlacedBySchema = z.object({
  admin_name: z.string(),
  practice_name: z.string(),
});
export type PlacedBy = z.infer<typeof PlacedBySchema>;
