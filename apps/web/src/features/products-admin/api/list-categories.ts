import { queryOptions, useQuery } from "@tanstack/react-query";
import { CategorySchema, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const CategoriesResponseSchema = okSchema(z.array(CategorySchema));

/**
 * POST /api/product/categories with exclude_no_product 0 (SPEC §7: "0 in reports and dropdowns"):
 * every category, for the report's filter and the product form's select.
 */
export function listCategoryOptions(signal?: AbortSignal) {
  return apiRequest("/api/product/categories", {
    body: { exclude_no_product: 0 },
    schema: CategoriesResponseSchema,
    signal,
  }).then((response) => response.data);
}

export function categoryOptionsQueryOptions() {
  return queryOptions({
    queryKey: ["admin-categories"],
    queryFn: ({ signal }) => listCategoryOptions(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}
