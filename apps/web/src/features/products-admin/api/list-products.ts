import { ProductListItemSchema, type ProductListRequestSchema } from "@vetportal/contract";
import type { z } from "zod";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";

export type AdminProductFilter = z.input<typeof ProductListRequestSchema>;

export const ADMIN_PRODUCTS_QUERY_KEY = ["admin-products"] as const;

/** POST /api/product/list as an administrator: inactive products too, a page at a time with found_rows. */
export function adminProductsQueryOptions(filter: AdminProductFilter) {
  return listQueryOptions(ADMIN_PRODUCTS_QUERY_KEY, "/api/product/list", ProductListItemSchema, filter);
}

/** The report shows its own error state; the previous page stays on screen while the next loads. */
export function useAdminProducts(filter: AdminProductFilter) {
  return useListQuery(adminProductsQueryOptions(filter));
}
