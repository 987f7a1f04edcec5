import { z } from "zod";

/**
 * POST /api/mail/outbox (administrators): the newest queued and sent emails, so developers and
 * evaluators can read what the portal would send without an SMTP server (issue 22 §6).
 */
export const OUTBOX_PAGE_SIZE = 50;

export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
