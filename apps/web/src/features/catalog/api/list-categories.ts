import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CategoryListRequestSchema, CategorySchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

export type CategoryListFilter = z.input<typeof CategoryListRequestSchema>;

const CategoriesResponseSchema = okSchema(z.array(CategorySchema));

/**
 * POST /api/product/categories (SPEC §7). The server applies the NY / non-NY visibility rule and
 * sorts category 2214 last (SPEC §9), so the list is shown in the order given.
 */
export function listCategories(filter: CategoryListFilter, signal?: AbortSignal) {
  return apiRequest("/api/product/categories", { body: filter, schema: CategoriesResponseSchema, signal }).then(
    (response) => response.data,
  );
}

export function categoriesQueryOptions(filter: CategoryListFilter) {
  return queryOptions({
    queryKey: ["categories", filter],
    queryFn: ({ signal }) => listCategories(filter, signal),
  });
}

/** The list shows its own error state with a retry button, so no toast. */
export function useCategories(filter: CategoryListFilter) {
  return useQuery({ ...categoriesQueryOptions(filter), meta: { handlesErrors: true } });
}
