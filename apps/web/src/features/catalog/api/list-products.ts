import { queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, ProductListItemSchema, type ProductListRequestSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type ProductListFilter = z.input<typeof ProductListRequestSchema>;

const ProductsResponseSchema = okSchema(z.array(ProductListItemSchema));

/**
 * POST /api/product/list (SPEC §7): a category's products or a name search, ordered by name. The
 * server applies visibility (state, department) and 2217's fixed product list.
 */
export function listProducts(filter: ProductListFilter, signal?: AbortSignal) {
  return apiRequest("/api/product/list", { body: filter, schema: ProductsResponseSchema, signal }).then((response) => ({
    items: response.data,
    total: response.found_rows ?? response.data.length,
  }));
}

export function productsQueryOptions(filter: ProductListFilter) {
  return queryOptions({
    queryKey: ["products", filter],
    queryFn: ({ signal }) => listProducts(filter, signal),
  });
}

/** The list shows its own error state with a retry button, so no toast. */
export function useProducts(filter: ProductListFilter) {
  return useQuery({ ...productsQueryOptions(filter), meta: { handlesErrors: true } });
}
