import { z } from "zod";
import { datesInOrder, dbInt, dbText, IdSchema, IsoDateSchema } from "./primitives.ts";

/**
 * The audit trail (issue 23 §5, decision 043): every change an administrator or approver makes,
 * who made it, when, from which sign-in, and the fields it changed, before and after.
 */

/** The kinds of record the trail names, and how a person reads each. */
export const AUDIT_KIND_NAMES = {
  user: "user",
  practice: "practice",
  department: "department",
  cost_center: "cost center",
  product: "product",
  order: "order",
  programme: "programme",
  allocation: "allocation",
  approval: "approval",
  settings: "portal settings",
} as const;
export type AuditKind = keyof typeof AUDIT_KIND_NAMES;
export const AUDIT_KINDS = Object.keys(AUDIT_KIND_NAMES) as [AuditKind, ...AuditKind[]];
export const AuditKindSchema = z.enum(AUDIT_KINDS, { error: "Choose a kind of record" });
export const auditKindName = (kind: string) => AUDIT_KIND_NAMES[kind as AuditKind] ?? kind;

/**
 * A record page's history (a product, a user, an order): the kinds its changes are recorded under.
 * A practice is a user row: its page shows both.
 */
export const AUDIT_HISTORY_KINDS = {
  product: ["product"],
  user: ["user", "practice"],
  order: ["order"],
} as const satisfies Record<string, readonly AuditKind[]>;
export const AuditHistoryKindSchema = z.enum(["product", "user", "order"], { error: "Choose a kind of record" });

/** What a change looks like written down: a secret never is (its value reads like this). */
export const AUDIT_REDACTED = "[redacted]";

export const AUDIT_PAGE_SIZE = 50;

const auditFilterFields = {
  /** The person: part of their name or email as it was recorded. */
  person: dbText().trim().max(100).optional(),
  kind: AuditKindSchema.optional(),
  /** The record: its id, or part of its name. */
  record: dbText().trim().max(100).optional(),
  date_from: IsoDateSchema.optional(),
  date_to: IsoDateSchema.optional(),
};
/** The filters of /admin/audit, and the body of its CSV (POST /api/audit/export). */
export const AuditFilterSchema = z.object(auditFilterFields).refine(...datesInOrder);
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** POST /api/audit/list: newest first, a page of it. */
export const AuditListRequestSchema = z
  .object({
    ...auditFilterFields,
    limit: dbInt().min(1).max(200).default(AUDIT_PAGE_SIZE),
    offset: dbInt().min(0).max(1_000_000).default(0),
  })
  .refine(...datesInOrder);
export type AuditListRequest = z.infer<typeof AuditListRequestSchema>;

/** POST /api/audit/record: one record's own history, newest first. */
export const AuditHistoryRequestSchema = z.object({
  kind: AuditHistoryKindSchema,
  record_id: IdSchema,
  limit: dbInt().min(1).max(200).default(AUDIT_PAGE_SIZE),
  offset: dbInt().min(0).max(1_000_000).default(0),
});

/** One changed field: its values before and after, as text (empty: it had none). */
export const AuditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof AuditChangeSchema>;

export const AuditRowSchema = z.object({
  id: z.number().int(),
  created: z.string(),
  actor_user_id: z.number().int().nullable(),
  /** The person's name, or their email, as they were when they made the change. */
  actor: z.string(),
  actor_email: z.string().nullable(),
  /** The sign-in (session) the change came from. */
  session_id: z.number().int().nullable(),
  kind: z.string(),
  kind_name: z.string(),
  action: z.string(),
  record_id: z.number().int(),
  record_label: z.string(),
  changes: z.array(AuditChangeSchema),
});
export type AuditRow = z.infer<typeof AuditRowSchema>;
