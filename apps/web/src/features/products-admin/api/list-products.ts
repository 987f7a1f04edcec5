import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, ProductListItemSchema, type ProductListRequestSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type AdminProductFilter = z.input<typeof ProductListRequestSchema>;

const ProductsResponseSchema = okSchema(z.array(ProductListItemSchema));

export const ADMIN_PRODUCTS_QUERY_KEY = ["admin-products"] as const;

/** POST /api/product/list as an administrator: inactive products too, a page at a time with found_rows. */
export function listAdminProducts(filter: AdminProductFilter, signal?: AbortSignal) {
  return apiRequest("/api/product/list", { body: filter, schema: ProductsResponseSchema, signal }).then((response) => ({
    items: response.data,
    total: response.found_rows ?? response.data.length,
  }));
}

export function adminProductsQueryOptions(filter: AdminProductFilter) {
  return queryOptions({
    queryKey: [...ADMIN_PRODUCTS_QUERY_KEY, filter],
    queryFn: ({ signal }) => listAdminProducts(filter, signal),
  });
}

/** The report shows its own error state; the previous page stays on screen while the next loads. */
export function useAdminProducts(filter: AdminProductFilter) {
  return useQuery({
    ...adminProductsQueryOptions(filter),
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
