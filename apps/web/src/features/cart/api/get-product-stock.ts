import { queryOptions, useQueries } from "@tanstack/react-query";
import { ProductDetailSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/** POST /api/product/query: a product as it stands now, for its current stock (actual_inventory). */
export function getProductStock(id: number, signal?: AbortSignal) {
  return apiData("/api/product/query", { body: { id }, schema: ProductDetailSchema, signal });
}

export function productStockQueryOptions(id: number) {
  return queryOptions({
    queryKey: ["product", id, "stock"],
    queryFn: ({ signal }) => getProductStock(id, signal),
    // Stock is what a destroy order checks against: always read it afresh.
    staleTime: 0,
  });
}

/** The current stock of each product, in the order of `ids`; the page shows failures itself. */
export function useProductStocks(ids: number[]) {
  return useQueries({
    queries: ids.map((id) => ({ ...productStockQueryOptions(id), meta: { handlesErrors: true } })),
  });
}
