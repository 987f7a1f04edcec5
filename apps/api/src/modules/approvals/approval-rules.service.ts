import type {
  ApprovalAllowance,
  ApprovalCheck,
  ApprovalRule,
  ApprovalRuleInput,
  OrderApproval,
} from "@vetportal/contract";
import type { SQL } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import type { Bound } from "../../db/prepared.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditActor, AuditRecorder } from "../audit/audit.service.ts";
import type { OutgoingEmail } from "../mail/mail.service.ts";
import { approvalRequestMail } from "../mail/templates.ts";
import { personName } from "../orders/orders.service.ts";
import * as repo from "./approvals.repository.ts";
import { type ApprovalNeed, evaluateRules, type RuleRow, ruleSummary } from "./rules.ts";

/*
 * The approval rules (issue 23 §2, decision 040): administrators set them; checkout and placing an
 * order evaluate them. The orders module uses this service (it is made before the orders service);
 * the decisions are approvals.service, which uses the orders service.
 */

export interface ApprovalRulesDeps {
  db: Database;
  settings: Pick<Config, "PUBLIC_URL">;
  audit: AuditRecorder;
}

/** An order to check: its total, its lines and its programmes' outcomes. */
export interface OrderToCheck {
  totalCents: number;
  lines: readonly { productId: number; categoryId: number | null; name: string; quantity: number }[];
  allowance: readonly ApprovalAllowance[];
}

/** The approval an order needs, with the emails of the first tier's approvers. */
export interface Needed extends ApprovalNeed {
  firstTierEmails: string[];
}

/** A person's name as the portal shows it: first and last name, else the practice, else the email. */
export const nameOf = (p: {
  first_name: string | null;
  last_name: string | null;
  representation: string | null;
  email?: string | null;
}) => personName(p) || p.representation || p.email || "";

/** The approval an order needs, from what orderRead found (null: none). */
function evaluateRead(read: repo.OrderRead, order: OrderToCheck): Needed | null {
  const { rules, facts } = read;
  if (!rules.length || !facts) return null;
  const need = evaluateRules(rules, {
    departmentId: facts.department_id,
    requiresApproval: facts.requires_approval,
    selfRegistered: facts.self_registered,
    hasOrders: facts.has_orders,
    ...order,
  });
  if (!need) return null;
  const first = new Set(need.approvers[0] ?? []);
  return { ...need, firstTierEmails: read.approvers.flatMap((a) => (first.has(a.id) && a.email ? [a.email] : [])) };
}

async function evaluate({ db }: ApprovalRulesDeps, user: SessionUser, order: OrderToCheck): Promise<Needed | null> {
  return evaluateRead(await repo.readRulesAndFacts(db, user.customerId, user.userId), order);
}

/** Refuses a rule whose department, product, category or approvers are not the customer's. */
async function refuseUnknown(db: Executor, customerId: number, input: ApprovalRuleInput) {
  const fields: Record<string, string> = {};
  const approverIds = [...new Set(input.tiers.flat())];
  const approvers = await repo.listApprovers(db, customerId, approverIds);
  if (approvers.length !== approverIds.length)
    fields.tiers = "Name only approvers (users marked as approvers) or administrators";
  const found = await repo.findTargets(db, customerId, input);
  if (input.department_id !== null && !found.department) fields.department_id = "Choose one of the departments";
  if (input.kind === "product_quantity" && !found.product) fields.product_id = "Choose one of the products";
  if (input.kind === "category_quantity" && !found.category) fields.category_id = "Choose one of the categories";
  if (Object.keys(fields).length) throw new AppError("VALIDATION_FAILED", Object.values(fields).join(" "), fields);
}

/** Only the fields the rule's kind uses are kept. */
function ruleValues(customerId: number, input: ApprovalRuleInput) {
  const { kind } = input;
  return {
    customer_id: customerId,
    name: input.name,
    kind,
    department_id: input.department_id,
    amount_cents: kind === "order_total" ? (input.amount_cents ?? null) : null,
    product_id: kind === "product_quantity" ? (input.product_id ?? null) : null,
    category_id: kind === "category_quantity" ? (input.category_id ?? null) : null,
    quantity: kind === "product_quantity" || kind === "category_quantity" ? (input.quantity ?? null) : null,
    tiers: input.tiers,
    is_active: input.is_active,
  };
}

async function saveRule(
  { db, audit }: ApprovalRulesDeps,
  actor: AuditActor,
  customerId: number,
  input: ApprovalRuleInput,
) {
  await refuseUnknown(db, customerId, input);
  const values = ruleValues(customerId, input);
  // The rule and its audit row (decision 043) commit together; the row before an update is read locked.
  return inRetriedTransaction(db, async (tx) => {
    const entry = { actor, kind: "approval" as const, label: `Approval rule: ${values.name}` };
    if (input.id === undefined) {
      const row = await repo.insertRule(tx, values);
      await audit.record(tx, { ...entry, action: "rule create", recordId: row.id, after: values });
      return row;
    }
    const before = await repo.findRuleForUpdate(tx, input.id, customerId);
    const saved = before && (await repo.updateRule(tx, input.id, customerId, values));
    if (!saved) throw new AppError("NOT_FOUND", "This rule does not exist.");
    await audit.record(tx, { ...entry, action: "rule update", recordId: input.id, before, after: values });
    return saved;
  });
}

async function listRules({ db }: ApprovalRulesDeps, customerId: number): Promise<ApprovalRule[]> {
  const rows = await repo.listRules(db, customerId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    department_id: r.department_id,
    department_name: r.department_name,
    amount_cents: r.amount_cents,
    product_id: r.product_id,
    category_id: r.category_id,
    quantity: r.quantity,
    tiers: r.tiers,
    is_active: r.is_active,
    summary: ruleSummary(r as RuleRow, r.product_name ?? r.category_name),
  }));
}

/** An order's approval for its page: why, where it stands, and every decision with its note. */
export async function orderApproval(db: Executor, customerId: number, orderId: number): Promise<OrderApproval | null> {
  const request = await repo.findRequest(db, { orderId }, customerId);
  if (!request) return null;
  const decisions = await repo.listDecisions(db, [request.id]);
  return approvalOf(request, decisions);
}

/** A request and its decisions as the contract's OrderApproval. */
export function approvalOf(
  request: NonNullable<repo.RequestRow>,
  decisions: Awaited<ReturnType<typeof repo.listDecisions>>,
): OrderApproval {
  return {
    status: request.status,
    reasons: request.reasons.map((r) => r.text),
    tier: request.tier,
    tiers: request.approvers.length,
    decisions: decisions
      .filter((d) => d.request_id === request.id)
      .map((d) => ({
        tier: d.tier,
        decision: d.decision,
        note: d.note,
        decided_by: d.decision === "expire" ? "Expired" : nameOf(d),
        decided_at: d.created.toISOString(),
      })),
  };
}

/** The page where an approver confirms a decision (a GET never acts: the page asks, then posts). */
export const approvalLink = (settings: Pick<Config, "PUBLIC_URL">, orderId: number) =>
  `${settings.PUBLIC_URL}/approvals/${orderId}`;

export function createApprovalRulesService(deps: ApprovalRulesDeps) {
  const { db } = deps;
  return {
    listRules: (customerId: number) => listRules(deps, customerId),
    saveRule: (actor: AuditActor, customerId: number, input: ApprovalRuleInput) =>
      saveRule(deps, actor, customerId, input),
    deleteRule: (actor: AuditActor, customerId: number, id: number) =>
      inRetriedTransaction(db, async (tx) => {
        const before = await repo.findRuleForUpdate(tx, id, customerId);
        const deleted = before && (await repo.deleteRule(tx, id, customerId));
        if (!deleted) throw new AppError("NOT_FOUND", "This rule does not exist.");
        const label = `Approval rule: ${before.name}`;
        await deps.audit.record(tx, { actor, kind: "approval", action: "rule delete", recordId: id, label, before });
        return deleted;
      }),
    async listApprovers(customerId: number) {
      const rows = await repo.listApprovers(db, customerId);
      return rows.map((r) => ({ id: r.id, name: nameOf(r), email: r.email }));
    },
    /**
     * What placing an order reads of the rules, a JSON value inside the order's one read statement
     * (decision 038); the ids may be the placeholders of a statement prepared by shape.
     */
    orderRead: (user: { customerId: Bound<number>; userId: Bound<number> }) =>
      repo.orderRead(user.customerId, user.userId),
    /** The approval an order would need (null: none), from `read` (orderRead's value), for placing it. */
    evaluateRead: (read: unknown, order: OrderToCheck) => evaluateRead(read as repo.OrderRead, order),
    /** What the checkout shows before the order is placed. */
    async check(user: SessionUser, order: OrderToCheck): Promise<ApprovalCheck> {
      const need = await evaluate(deps, user, order);
      return { required: need !== null, reasons: need?.reasons.map((r) => r.text) ?? [] };
    },
    /** The request's row as common table expressions of the order's statement, written when `go` holds. */
    requestInsertion: (
      row: { order_id: number; customer_id: number; need: ApprovalNeed; allowance: readonly ApprovalAllowance[] },
      go: SQL,
    ) =>
      repo.requestInsertion(
        {
          order_id: row.order_id,
          customer_id: row.customer_id,
          reasons: row.need.reasons,
          approvers: row.need.approvers,
          allowance: [...row.allowance],
        },
        go,
      ),
    orderApproval: (customerId: number, orderId: number) => orderApproval(db, customerId, orderId),
    /** The email that asks the first tier's approvers to decide a placed order. */
    requestMails: (order: { id: number; practice: string; totalCents: number }, need: Needed): OutgoingEmail[] =>
      need.firstTierEmails.length
        ? [
            {
              kind: "approval_request",
              to: need.firstTierEmails,
              cc: [],
              ...approvalRequestMail(
                order,
                need.reasons.map((r) => r.text),
                approvalLink(deps.settings, order.id),
              ),
            },
          ]
        : [],
  };
}

export type ApprovalRulesService = ReturnType<typeof createApprovalRulesService>;
