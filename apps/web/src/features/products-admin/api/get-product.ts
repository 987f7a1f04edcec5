import { queryOptions, useQuery } from "@tanstack/react-query";
import { ProductDetailSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

export const ADMIN_PRODUCT_QUERY_KEY = ["admin-product"] as const;

/** POST /api/product/query as an administrator: any product of the customer, inactive ones too. */
export function getAdminProduct(id: number, signal?: AbortSignal) {
  return apiData("/api/product/query", { body: { id }, schema: ProductDetailSchema, signal });
}

export function adminProductQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...ADMIN_PRODUCT_QUERY_KEY, id],
    queryFn: ({ signal }) => getAdminProduct(id, signal),
  });
}

/** The page shows not-found and other failures itself. */
export function useAdminProduct(id: number | undefined) {
  return useQuery({ ...adminProductQueryOptions(id ?? 0), enabled: id !== undefined, meta: { handlesErrors: true } });
}
