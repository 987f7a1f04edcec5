import {
  ApprovalDecideRequestSchema,
  ApprovalDecideResultSchema,
  ApprovalListRequestSchema,
  ApprovalQueryRequestSchema,
  ApprovalQueueRequestSchema,
  ApprovalQueueSchema,
  ApprovalRequestSchema,
  ApprovalRuleDeleteRequestSchema,
  ApprovalRuleInputSchema,
  ApprovalRuleListSchema,
  ApprovalWaitingRequestSchema,
  ApprovalWaitingSchema,
  ApproverListSchema,
  IdResultSchema,
} from "@vetportal/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, postData } from "../../http/post-data.ts";
import type { ApprovalRulesService } from "./approval-rules.service.ts";
import type { ApprovalsService } from "./approvals.service.ts";

/**
 * Approvals (issue 23 §2): the approvers' queue and decisions (administrators and users named as
 * approvers, checked by the service), and the rules (administrators only).
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  approvals: ApprovalsService;
  approvalRules: ApprovalRulesService;
}> = async (app, { approvals, approvalRules }) => {
  const tags = ["approvals"];
  const admin = { access: "admin" as const, tags };

  postData(
    app,
    "/approvals/queue",
    {
      tags,
      invalidatesCaches: false,
      summary: "Approvals: the orders waiting for the signed-in approver's decision, oldest first",
      body: ApprovalQueueRequestSchema,
      data: ApprovalQueueSchema,
    },
    async (request) => {
      const { rows, total } = await approvals.queue(request.user, request.body);
      return page(rows, total);
    },
  );

  waitingRoute(app, approvals);

  postData(
    app,
    "/approvals/query",
    {
      tags,
      invalidatesCaches: false,
      summary: "Approvals: one order's approval (the page an emailed link opens; it never decides)",
      body: ApprovalQueryRequestSchema,
      data: ApprovalRequestSchema,
    },
    (request) => approvals.getRequest(request.user, request.body.order_id),
  );

  postData(
    app,
    "/approvals/decide",
    {
      tags,
      summary: "Approvals: approve or reject the step an order waits on, with a note (a rejection cancels it)",
      body: ApprovalDecideRequestSchema,
      data: ApprovalDecideResultSchema,
    },
    (request) => approvals.decide(request.user, request.body),
  );

  postData(
    app,
    "/approvals/rules/list",
    {
      ...admin,
      invalidatesCaches: false,
      summary: "Approval rules of the customer",
      body: ApprovalListRequestSchema,
      data: ApprovalRuleListSchema,
    },
    (request) => approvalRules.listRules(request.user.customerId),
  );

  postData(
    app,
    "/approvals/rules/save",
    {
      ...admin,
      summary: "Add an approval rule (no id) or change one",
      body: ApprovalRuleInputSchema,
      data: IdResultSchema,
    },
    (request) => approvalRules.saveRule(request.user, request.user.customerId, request.body),
  );

  postData(
    app,
    "/approvals/rules/delete",
    {
      ...admin,
      summary: "Delete an approval rule (orders already waiting keep their approvers)",
      body: ApprovalRuleDeleteRequestSchema,
      data: IdResultSchema,
    },
    (request) => approvalRules.deleteRule(request.user, request.user.customerId, request.body.id),
  );

  postData(
    app,
    "/approvals/approvers",
    {
      ...admin,
      invalidatesCaches: false,
      summary: "The people an approval rule may name: approvers and administrators",
      body: ApprovalListRequestSchema,
      data: ApproverListSchema,
    },
    (request) => approvalRules.listApprovers(request.user.customerId),
  );
};

/** The navigation's count (issue 23): any signed-in user may ask; a non-approver is told so, not refused. */
function waitingRoute(app: Parameters<typeof approvalsRoutes>[0], approvals: ApprovalsService) {
  postData(
    app,
    "/approvals/waiting",
    {
      tags: ["approvals"],
      invalidatesCaches: false,
      summary:
        "Approvals: whether the signed-in user decides approvals and how many orders wait (the navigation's count)",
      body: ApprovalWaitingRequestSchema,
      data: ApprovalWaitingSchema,
    },
    (request) => approvals.waiting(request.user),
  );
}
