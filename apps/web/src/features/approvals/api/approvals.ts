import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  type ApprovalDecideRequest,
  ApprovalDecideResultSchema,
  ApprovalRequestSchema,
  ApprovalWaitingSchema,
  type Privileges,
} from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

export const approvalsKey = ["approvals"] as const;

/** POST /api/approvals/queue: the orders waiting for the signed-in approver, oldest first. */
export const approvalQueueOptions = (paging: { limit: number; offset: number }) =>
  listQueryOptions([...approvalsKey, "queue"], "/api/approvals/queue", ApprovalRequestSchema, paging);

export const useApprovalQueue = (paging: { limit: number; offset: number }) =>
  useListQuery(approvalQueueOptions(paging));

/**
 * Whether the header asks about approvals: a password sign-in or an administrator. A practice signed
 * in by address is never an approver (the boot script's `who: "staff"` is the same rule).
 */
export const asksAboutApprovals = (privileges: Privileges | null | undefined) =>
  privileges?.sign_in_method === "password" || privileges?.is_admin === true;

/**
 * POST /api/approvals/waiting: whether the user decides approvals and how many wait (the header's
 * "Approvals" link). Under `approvalsKey`, so a decision refreshes it.
 */
export const approvalsWaitingQueryOptions = () =>
  queryOptions({
    queryKey: [...approvalsKey, "waiting"],
    queryFn: ({ signal }) => apiData("/api/approvals/waiting", { body: {}, schema: ApprovalWaitingSchema, signal }),
    staleTime: 30 * 1000,
    meta: { handlesErrors: true },
  });

/** The header's question, asked only when `enabled` (asksAboutApprovals). */
export const useApprovalsWaiting = (enabled: boolean) => useQuery({ ...approvalsWaitingQueryOptions(), enabled });

/** POST /api/approvals/query: one order's approval (the page an emailed link opens; reading never decides). */
export const approvalQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: [...approvalsKey, "order", orderId],
    queryFn: ({ signal }) =>
      apiData("/api/approvals/query", { body: { order_id: orderId }, schema: ApprovalRequestSchema, signal }),
    staleTime: 0,
  });

export const useApproval = (orderId: number | undefined) =>
  useQuery({ ...approvalQueryOptions(orderId ?? 0), enabled: orderId !== undefined, meta: { handlesErrors: true } });

/** POST /api/approvals/decide: approve or reject the step the page showed; the queue and the order are read again. */
export const useDecide = () =>
  useRefreshingMutation(
    (body: ApprovalDecideRequest) => apiData("/api/approvals/decide", { body, schema: ApprovalDecideResultSchema }),
    [approvalsKey, ["orders"]],
    { handlesErrors: true },
  );
