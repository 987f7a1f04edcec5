import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  type ApprovalRuleInput,
  ApprovalRuleListSchema,
  ApproverListSchema,
  IdResultSchema,
} from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

const rulesKey = ["approval-rules"] as const;

/** POST /api/approvals/rules/list (admin): every rule of the customer. */
export const approvalRulesOptions = () =>
  queryOptions({
    queryKey: rulesKey,
    queryFn: ({ signal }) => apiData("/api/approvals/rules/list", { body: {}, schema: ApprovalRuleListSchema, signal }),
  });
export const useApprovalRules = () => useQuery({ ...approvalRulesOptions(), meta: { handlesErrors: true } });

/** POST /api/approvals/approvers (admin): who a rule may name. */
export const approversOptions = () =>
  queryOptions({
    queryKey: [...rulesKey, "approvers"],
    queryFn: ({ signal }) => apiData("/api/approvals/approvers", { body: {}, schema: ApproverListSchema, signal }),
  });
export const useApprovers = () => useQuery(approversOptions());

/** POST /api/approvals/rules/save (admin): a new rule or a change of one. */
export const useSaveRule = () =>
  useRefreshingMutation(
    (body: ApprovalRuleInput) => apiData("/api/approvals/rules/save", { body, schema: IdResultSchema }),
    [rulesKey],
    { handlesErrors: true },
  );

/** POST /api/approvals/rules/delete (admin). */
export const useDeleteRule = () =>
  useRefreshingMutation(
    (id: number) => apiData("/api/approvals/rules/delete", { body: { id }, schema: IdResultSchema }),
    [rulesKey],
  );
