import { queryOptions, useQuery } from "@tanstack/react-query";
import { MyAllowanceSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/** POST /api/allowance/query: the practice's balances this period and its ledger (issue 23 §1). */
export function myAllowanceQueryOptions() {
  return queryOptions({
    queryKey: ["allowance"],
    queryFn: ({ signal }) => apiData("/api/allowance/query", { body: {}, schema: MyAllowanceSchema, signal }),
    // Orders move the balance: asked again when the page comes back into view.
    staleTime: 15 * 1000,
  });
}

export const useMyAllowance = () => useQuery({ ...myAllowanceQueryOptions(), meta: { handlesErrors: true } });
