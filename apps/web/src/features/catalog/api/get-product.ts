import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProductDetailSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/product/query (SPEC §7). The category it was opened from picks 144048's thumbnail
 * (SPEC §9). 404 when the product is not visible to the user.
 */
export function getProduct(id: number, categoryId: number | undefined, signal?: AbortSignal) {
  return apiData("/api/product/query", {
    body: { id, product_category_id: categoryId },
    schema: ProductDetailSchema,
    signal,
  });
}

export function productQueryOptions(id: number, categoryId?: number) {
  return queryOptions({
    queryKey: ["product", id, categoryId ?? null],
    queryFn: ({ signal }) => getProduct(id, categoryId, signal),
  });
}

/** The page shows not-found and other failures itself, so no toast. No id (a malformed URL), no call. */
export function useProduct(id: number | undefined, categoryId?: number) {
  return useQuery({
    ...productQueryOptions(id ?? 0, categoryId),
    enabled: id !== undefined,
    meta: { handlesErrors: true },
  });
}
