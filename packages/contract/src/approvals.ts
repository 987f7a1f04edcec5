import { z } from "zod";
import { AllowanceOutcomeSchema } from "./allowances.ts";
import { dbCents, dbInt, dbText, IdSchema } from "./primitives.ts";

/*
 * Approvals (issue 23 §2, decision 040): rules set by administrators, per customer or per
 * department, that place a matching order Pending Approval (status 6) until its approvers decide,
 * tier by tier.
 */

/** What makes an order need approval, with the words the rules page uses. */
export const APPROVAL_RULE_KINDS = {
  over_allowance: "Over the allowance",
  order_total: "Order total above an amount",
  product_quantity: "A product above a quantity",
  category_quantity: "A category above a quantity",
  first_order: "First order of a self-registered practice",
  flagged_user: "Every order of a flagged user",
} as const;
export type ApprovalRuleKind = keyof typeof APPROVAL_RULE_KINDS;
export const APPROVAL_RULE_KIND_LIST = Object.keys(APPROVAL_RULE_KINDS) as [ApprovalRuleKind, ...ApprovalRuleKind[]];

/** At most this many tiers, and approvers in a tier. */
export const MAX_APPROVAL_TIERS = 3;
export const MAX_TIER_APPROVERS = 20;

const TierSchema = z
  .array(IdSchema)
  .min(1, "Name at least one approver in each tier")
  .max(MAX_TIER_APPROVERS, `At most ${MAX_TIER_APPROVERS} approvers in a tier`)
  .refine((ids) => new Set(ids).size === ids.length, "An approver is named twice in a tier");

/** POST /api/approvals/rules/save: a new rule (no id) or a change of one. */
export const ApprovalRuleInputSchema = z
  .object({
    id: IdSchema.optional(),
    name: dbText("Enter a name").trim().min(1, "Enter a name").max(120, "Keep the name under 120 characters"),
    kind: z.enum(APPROVAL_RULE_KIND_LIST, { error: "Choose what the rule checks" }),
    /** null: every department of the customer. */
    department_id: IdSchema.nullable(),
    amount_cents: dbCents("Enter the amount", "Enter the amount in dollars and cents, e.g. 500.00")
      .min(0, "Enter 0 or more")
      .nullable()
      .optional(),
    product_id: IdSchema.nullable().optional(),
    category_id: IdSchema.nullable().optional(),
    quantity: dbInt().min(0, "Enter 0 or more").nullable().optional(),
    tiers: z
      .array(TierSchema)
      .min(1, "Name the approvers")
      .max(MAX_APPROVAL_TIERS, `At most ${MAX_APPROVAL_TIERS} tiers`),
    is_active: z.boolean(),
  })
  .superRefine((rule, ctx) => {
    const need = (field: "amount_cents" | "product_id" | "category_id" | "quantity", message: string) => {
      if (rule[field] === null || rule[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
    };
    if (rule.kind === "order_total") need("amount_cents", "Enter the amount");
    if (rule.kind === "product_quantity") {
      need("product_id", "Choose the product");
      need("quantity", "Enter the quantity");
    }
    if (rule.kind === "category_quantity") {
      need("category_id", "Choose the category");
      need("quantity", "Enter the quantity");
    }
  });
export type ApprovalRuleInput = z.infer<typeof ApprovalRuleInputSchema>;

export const ApprovalRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(APPROVAL_RULE_KIND_LIST),
  department_id: z.number().int().nullable(),
  department_name: z.string().nullable(),
  amount_cents: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  quantity: z.number().int().nullable(),
  tiers: z.array(z.array(z.number().int())),
  is_active: z.boolean(),
  /** What the rule checks, in words ("Order total above $500.00"). */
  summary: z.string(),
});
export type ApprovalRule = z.infer<typeof ApprovalRuleSchema>;
export const ApprovalRuleListSchema = z.array(ApprovalRuleSchema);
export const ApprovalRuleDeleteRequestSchema = z.object({ id: IdSchema });
export const ApprovalListRequestSchema = z.object({});

/** Someone a rule may name as an approver: a user with is_approver, or an administrator. */
export const ApproverSchema = z.object({ id: z.number().int(), name: z.string(), email: z.string().nullable() });
export const ApproverListSchema = z.array(ApproverSchema);

/**
 * A programme's outcome for an order (the allowances helper's AllowanceOutcome, issue 23 §1):
 * stored with the approval request, shown in the queue.
 */
/** What the order did to an allowance programme (the allowances' outcome, decision 039). */
export const ApprovalAllowanceSchema = AllowanceOutcomeSchema;
export type ApprovalAllowance = z.infer<typeof ApprovalAllowanceSchema>;

/** What the checkout shows before the order is placed: whether it will need approval, and why. */
export const ApprovalCheckSchema = z.object({ required: z.boolean(), reasons: z.array(z.string()) });
export type ApprovalCheck = z.infer<typeof ApprovalCheckSchema>;

export const APPROVAL_STATUSES = ["pending", "approved", "rejected", "expired"] as const;
export const ApprovalDecisionSchema = z.object({
  tier: z.number().int(),
  decision: z.enum(["approve", "reject", "expire"]),
  note: z.string(),
  decided_by: z.string(),
  decided_at: z.string(),
});

/** An order's approval as the order page shows it: why, where it stands, each decision and its note. */
export const OrderApprovalSchema = z.object({
  status: z.enum(APPROVAL_STATUSES),
  reasons: z.array(z.string()),
  tier: z.number().int(),
  tiers: z.number().int(),
  decisions: z.array(ApprovalDecisionSchema),
});
export type OrderApproval = z.infer<typeof OrderApprovalSchema>;

/** A request in the approvers' queue, or opened from an emailed link. */
export const ApprovalRequestSchema = OrderApprovalSchema.extend({
  id: z.number().int(),
  order_id: z.number().int(),
  created: z.string(),
  practice: z.string(),
  orderer: z.string(),
  total_order_amount: z.number().int(),
  order_status: z.number().int(),
  order_status_name: z.string(),
  allowance: z.array(ApprovalAllowanceSchema),
  /** Whether the signed-in user may decide the tier it waits for now. */
  can_decide: z.boolean(),
});
export type ApprovalRequest = z.infer<typeof ApprovalRequestSchema>;
export const ApprovalQueueSchema = z.array(ApprovalRequestSchema);

export const ApprovalQueueRequestSchema = z.object({
  limit: dbInt().min(1).max(100).default(25),
  offset: dbInt().min(0).default(0),
});
export const ApprovalQueryRequestSchema = z.object({ order_id: IdSchema });

/** POST /api/approvals/waiting: for the navigation, whether the user decides approvals and how many wait. */
export const ApprovalWaitingRequestSchema = z.object({});
export const ApprovalWaitingSchema = z.object({
  /** An administrator, or a user with is_approver signed in by password. */
  approver: z.boolean(),
  /** Orders in the user's queue (0 for everyone else). */
  waiting: z.number().int(),
});
export type ApprovalWaiting = z.infer<typeof ApprovalWaitingSchema>;

export const APPROVAL_NOTE_MAX = 1000;
/** POST /api/approvals/decide: the tier the page showed (a stale page decides nothing), the decision and its note. */
export const ApprovalDecideRequestSchema = z
  .object({
    order_id: IdSchema,
    tier: IdSchema,
    decision: z.enum(["approve", "reject"], { error: "Choose Approve or Reject" }),
    note: dbText("Enter a note")
      .trim()
      .max(APPROVAL_NOTE_MAX, `Keep the note under ${APPROVAL_NOTE_MAX} characters`)
      .default(""),
  })
  .superRefine((d, ctx) => {
    if (d.decision === "reject" && !d.note)
      ctx.addIssue({ code: "custom", path: ["note"], message: "Say why the order is rejected" });
  });
export type ApprovalDecideRequest = z.input<typeof ApprovalDecideRequestSchema>;
export const ApprovalDecideResultSchema = z.object({
  order_id: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
  tier: z.number().int(),
  order_status: z.number().int(),
  order_status_name: z.string(),
});
