import { queryOptions, useQuery } from "@tanstack/react-query";
import { MyAllowanceSchema } from "@vetportal/contract";
import { apiData } from "./api-client.ts";

/**
 * POST /api/allowance/query: the practice's balances this period and its ledger (issue 23 §1). Shared:
 * the header chip, /allowance and the order summary's placeholder (which reserves the allowance box).
 */
export function myAllowanceQueryOptions() {
  return queryOptions({
    queryKey: ["allowance"],
    queryFn: ({ signal }) => apiData("/api/allowance/query", { body: {}, schema: MyAllowanceSchema, signal }),
    // Orders move the balance: asked again when the page comes back into view.
    staleTime: 15 * 1000,
  });
}

export const useMyAllowance = () => useQuery({ ...myAllowanceQueryOptions(), meta: { handlesErrors: true } });

/** The balances as the header chip last read them, without asking the server (none yet: undefined). */
export const useCachedAllowance = () => useQuery({ ...myAllowanceQueryOptions(), enabled: false }).data;
