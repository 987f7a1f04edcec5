import { type ApprovalAllowance, type ApprovalRequest, ORDER_STATUS, orderStatusName } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { inRetriedTransaction } from "../../db/retry.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import type { AuditRecorder } from "../audit/audit.service.ts";
import { queueEmail } from "../mail/mail.service.ts";
import { approvalDecisionMail, approvalRequestMail } from "../mail/templates.ts";
import type { OrdersService } from "../orders/orders.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { approvalLink, approvalOf, nameOf } from "./approval-rules.service.ts";
import * as repo from "./approvals.repository.ts";

/*
 * Approvers' decisions (issue 23 §2, decision 040): the queue, one request, approve or reject a
 * tier, and the periodic reminders and expiries. Every decision locks the request row, then the
 * order row, in one transaction: of concurrent decisions on one order exactly one wins.
 */

export type ApprovalsSettings = Pick<Config, "PUBLIC_URL" | "ADMIN_USER_ID">;

export interface ApprovalsDeps {
  db: Database;
  settings: ApprovalsSettings;
  orders: Pick<OrdersService, "lockOrder" | "approvePending" | "cancelPending">;
  audit: AuditRecorder;
  /** The reminder and expiry days: an administrator's saved settings, or the environment's (decision 047). */
  portalSettings: Pick<SettingsService, "approvalDays">;
}

type Decider = Pick<SessionUser, "userId" | "customerId" | "isAdmin" | "authMethod"> & { sessionId?: number };
type Request = NonNullable<repo.RequestRow>;

/** Whether a user may decide the tier a request waits on: an administrator, or an approver it names. */
const mayDecide = (user: Decider, r: Pick<Request, "approvers" | "tier" | "status">) =>
  r.status === "pending" &&
  (user.isAdmin || (user.authMethod === "password" && (r.approvers[r.tier - 1] ?? []).includes(user.userId)));

/** Only administrators and approvers signed in by password see approvals. */
async function refuseNonApprover(db: Executor, user: Decider) {
  if (user.isAdmin) return;
  if (user.authMethod !== "password" || !(await repo.isApprover(db, user.userId))) throw new AppError("FORBIDDEN");
}

function requestOf(
  user: Decider,
  r: Request,
  decisions: Awaited<ReturnType<typeof repo.listDecisions>>,
): ApprovalRequest {
  return {
    ...approvalOf(r, decisions),
    id: r.id,
    order_id: r.order_id,
    created: r.created.toISOString(),
    practice: r.representation ?? nameOf(r),
    orderer: nameOf(r) || r.contact_name,
    total_order_amount: r.total_order_amount,
    order_status: r.order_status,
    order_status_name: r.order_status_name,
    allowance: r.allowance as ApprovalAllowance[],
    can_decide: mayDecide(user, r) && r.order_status === ORDER_STATUS.PENDING_APPROVAL,
  };
}

async function queue({ db }: ApprovalsDeps, user: Decider, paging: { limit: number; offset: number }) {
  await refuseNonApprover(db, user);
  const { rows, total } = await repo.listQueue(
    db,
    user.customerId,
    user.isAdmin ? null : user.userId,
    paging.limit,
    paging.offset,
  );
  const decisions = await repo.listDecisions(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => requestOf(user, r, decisions)), total };
}

/**
 * What the navigation shows (issue 23): whether the signed-in user decides approvals (an
 * administrator, or an approver signed in by password) and how many orders wait in their queue.
 * Everyone else gets `approver: false` rather than a 403, so every signed-in page may ask.
 */
async function waiting({ db }: ApprovalsDeps, user: Decider) {
  const approver = user.isAdmin || (user.authMethod === "password" && (await repo.isApprover(db, user.userId)));
  if (!approver) return { approver: false, waiting: 0 };
  return { approver: true, waiting: await repo.countQueue(db, user.customerId, user.isAdmin ? null : user.userId) };
}

/** One order's request (the page an emailed link opens): its approvers, administrators, and no one else. */
async function getRequest({ db }: ApprovalsDeps, user: Decider, orderId: number) {
  await refuseNonApprover(db, user);
  const r = await repo.findRequest(db, { orderId }, user.customerId);
  const named = r?.approvers.some((tier) => tier.includes(user.userId));
  if (!r || !(user.isAdmin || named)) throw new AppError("NOT_FOUND", "There is no approval of this order for you.");
  return requestOf(user, r, await repo.listDecisions(db, [r.id]));
}

export interface Decision {
  order_id: number;
  tier: number;
  decision: "approve" | "reject" | "expire";
  note: string;
}

/** The status history's note of a decision, and the request's outcome when it closes it. */
function outcomeOf(d: Decision, last: boolean) {
  const note = d.note ? `: ${d.note}` : "";
  if (d.decision === "expire") return { status: "expired" as const, history: "Approval expired: no decision in time" };
  if (d.decision === "reject") return { status: "rejected" as const, history: `Rejected${note}` };
  return last ? { status: "approved" as const, history: `Approved${note}` } : null;
}

/**
 * Decides the tier an order's request waits on, in one transaction: the request row locked first,
 * then the order's. A decision on a tier that is no longer the one waiting (another approver's won,
 * the page was stale) or on an order no longer Pending Approval changes nothing (409).
 */
async function decide(deps: ApprovalsDeps, user: Decider, d: Decision) {
  const { db, orders } = deps;
  return inRetriedTransaction(db, async (tx) => {
    const r = await repo.findRequest(tx, { orderId: d.order_id }, user.customerId, true);
    if (!r) throw new AppError("NOT_FOUND", "There is no approval of this order.");
    if (r.status !== "pending" || r.tier !== d.tier) {
      throw new AppError("CONFLICT", "This order has been decided already: reload to see the decision.");
    }
    if (d.decision !== "expire" && !mayDecide(user, r)) {
      throw new AppError("FORBIDDEN", "You are not an approver of this order at this step.");
    }
    const order = await orders.lockOrder(tx, r.order_id, user.customerId);
    if (!order || order.order_status_id !== ORDER_STATUS.PENDING_APPROVAL) {
      throw new AppError("CONFLICT", "This order is no longer waiting for approval.");
    }
    if (
      !(await repo.insertDecision(tx, {
        request_id: r.id,
        tier: r.tier,
        user_id: user.userId,
        decision: d.decision,
        note: d.note,
      }))
    ) {
      throw new AppError("CONFLICT", "This order has been decided already: reload to see the decision.");
    }
    const outcome = outcomeOf(d, r.tier >= r.approvers.length);
    // The audit trail (decision 043): who decided which step, with the note; an expiry has no person.
    await deps.audit.record(tx, {
      actor: user.sessionId === undefined ? null : { userId: user.userId, sessionId: user.sessionId },
      kind: "approval",
      action: d.decision,
      recordId: r.order_id,
      label: `Order #${r.order_id}`,
      before: { status: "pending", tier: r.tier },
      after: { status: outcome?.status ?? "pending", tier: outcome ? r.tier : r.tier + 1, note: d.note },
    });
    if (!outcome) {
      await repo.setRequestState(tx, r.id, { tier: r.tier + 1 });
      await mailApprovers(deps, tx, r, r.tier + 1, false);
      return {
        order_id: r.order_id,
        status: "pending" as const,
        tier: r.tier + 1,
        order_status: order.order_status_id,
      };
    }
    await repo.setRequestState(tx, r.id, { status: outcome.status });
    if (outcome.status === "approved") await orders.approvePending(tx, order, user.userId, outcome.history);
    else await orders.cancelPending(tx, order, user.userId, outcome.history);
    await queueEmail(tx, {
      kind: "approval_decision",
      to: [order.email],
      ...approvalDecisionMail(order, { outcome: outcome.status, note: d.note }, orderLink(deps.settings, order.id)),
    });
    const status = outcome.status === "approved" ? ORDER_STATUS.ACTIVE : ORDER_STATUS.CANCELLED;
    return { order_id: r.order_id, status: outcome.status, tier: r.tier, order_status: status };
  });
}

const orderLink = (settings: Pick<Config, "PUBLIC_URL">, id: number) => `${settings.PUBLIC_URL}/order/${id}/2`;

/** Asks a tier's approvers (their live emails) to decide, or reminds them. */
async function mailApprovers(
  { settings }: ApprovalsDeps,
  tx: Executor,
  r: Pick<Request, "order_id" | "customer_id" | "approvers" | "reasons" | "total_order_amount" | "representation">,
  tier: number,
  reminder: boolean,
) {
  const ids = r.approvers[tier - 1] ?? [];
  const people = await repo.listApprovers(tx, r.customer_id, ids);
  const to = people.flatMap((p) => (p.email ? [p.email] : []));
  if (!to.length) return;
  const order = { id: r.order_id, practice: r.representation ?? "", totalCents: r.total_order_amount };
  const reasons = r.reasons.map((x) => x.text);
  await queueEmail(tx, {
    kind: reminder ? "approval_reminder" : "approval_request",
    to,
    ...approvalRequestMail(order, reasons, approvalLink(settings, r.order_id), reminder),
  });
}

/**
 * The periodic job (decision 024's rule: safe with any number of processes): reminds the approvers
 * of requests whose tier has waited the reminder days (one UPDATE marks each once), and expires
 * those that have waited the expiry days (each through decide, whose lock lets one win). The days
 * are the portal settings' (decision 047), read once per run.
 */
async function runDue(deps: ApprovalsDeps) {
  const { db, settings } = deps;
  const { remindDays, expireDays } = await deps.portalSettings.approvalDays();
  const reminded = await db.transaction(async (tx) => {
    const marked = await repo.markReminders(tx, remindDays, 50);
    for (const m of marked) {
      const r = await repo.findRequest(tx, { id: m.id }, m.customer_id);
      if (r) await mailApprovers(deps, tx, r, r.tier, true);
    }
    return marked.length;
  });
  let expired = 0;
  const due = await repo.listDueExpiries(db, expireDays, 50);
  for (const r of due) {
    const system = {
      userId: settings.ADMIN_USER_ID,
      customerId: r.customer_id,
      isAdmin: true,
      authMethod: "password" as const,
    };
    const request = await repo.findRequest(db, { id: r.id }, r.customer_id);
    if (!request) continue;
    try {
      await decide(deps, system, { order_id: request.order_id, tier: r.tier, decision: "expire", note: "" });
      expired++;
    } catch (err) {
      // Another process expired it, or an approver decided it meanwhile: nothing left to do.
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { reminded, expired };
}

type JobLog = { warn(obj: unknown, msg?: string): void };

export function createApprovalsService(deps: ApprovalsDeps) {
  return {
    queue: (user: Decider, paging: { limit: number; offset: number }) => queue(deps, user, paging),
    waiting: (user: Decider) => waiting(deps, user),
    getRequest: (user: Decider, orderId: number) => getRequest(deps, user, orderId),
    async decide(user: Decider, d: Omit<Decision, "decision"> & { decision: "approve" | "reject" }) {
      await refuseNonApprover(deps.db, user);
      const result = await decide(deps, user, d);
      return { ...result, order_status_name: orderStatusName(result.order_status) };
    },
    runDue: () => runDue(deps),
    /** A timer that runs the reminders and expiries; server.ts starts it, tests call runDue(). */
    job(log: JobLog, intervalMs: number) {
      let timer: NodeJS.Timeout | undefined;
      return {
        start() {
          timer = setInterval(() => {
            runDue(deps).catch((err) => log.warn({ err: String(err) }, "approval reminders failed"));
          }, intervalMs);
          timer.unref();
        },
        stop() {
          if (timer) clearInterval(timer);
        },
      };
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
