import { queryOptions, useQuery } from "@tanstack/react-query";
import { EnumOptionSchema, okSchema, QUICKBOOKS_TYPES } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";

const TypesResponseSchema = okSchema(z.array(EnumOptionSchema));

/** POST /api/product/enum, category quickbook_types (SPEC §7): the product type select. */
export function listProductTypes(signal?: AbortSignal) {
  return apiRequest("/api/product/enum", {
    body: { category: "quickbook_types" },
    schema: TypesResponseSchema,
    signal,
  }).then((response) => response.data);
}

export function productTypesQueryOptions() {
  return queryOptions({
    queryKey: ["product-types"],
    queryFn: ({ signal }) => listProductTypes(signal),
    staleTime: 60 * 60_000,
  });
}

/** The contract's list stands in until the server's answers, so the select is never empty. */
export function useProductTypes() {
  return useQuery({ ...productTypesQueryOptions(), placeholderData: [...QUICKBOOKS_TYPES] });
}
