import { queryOptions, useQuery } from "@tanstack/react-query";
import { BrandAnswerSchema, type BrandForm, BrandSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";

export const BRAND_QUERY_KEY = ["brand"] as const;

/** POST /api/brand/query: the practice's brand, or null before it is set up. */
export function brandQueryOptions() {
  return queryOptions({
    queryKey: BRAND_QUERY_KEY,
    queryFn: ({ signal }) => apiData("/api/brand/query", { body: {}, schema: BrandAnswerSchema, signal }),
  });
}

export const useBrand = () => useQuery({ ...brandQueryOptions(), meta: { handlesErrors: true } });

/** POST /api/brand/save: a new version of the brand; the proofs then ask for a new approval. */
export function useSaveBrand() {
  return useRefreshingMutation(
    (body: BrandForm) => apiData("/api/brand/save", { body, schema: BrandSchema }),
    [BRAND_QUERY_KEY, ["proof"]],
    { handlesErrors: true },
  );
}
