import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CategoryListRequestSchema, CategorySchema } from "@vetportal/contract";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { lazySchema } from "../../../lib/lazy-schema.ts";

export type CategoryListFilter = z.input<typeof CategoryListRequestSchema>;

/**
 * POST /api/product/categories (SPEC §7). The server applies the NY / non-NY visibility rule and
 * sorts category 2214 last (SPEC §9), so the list is shown in the order given.
 */
export function listCategories(filter: CategoryListFilter, signal?: AbortSignal) {
  return apiData("/api/product/categories", {
    body: filter,
    schema: lazySchema(() => z.array(CategorySchema)),
    signal,
  });
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
