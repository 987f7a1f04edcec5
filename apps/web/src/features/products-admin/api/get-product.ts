import { ProductDetailSchema } from "@vetportal/contract";
import { recordQueryOptions, useRecordQuery } from "../../../lib/record-query.ts";

export const ADMIN_PRODUCT_QUERY_KEY = ["admin-product"] as const;

/** POST /api/product/query as an administrator: any product of the customer, inactive ones too. */
export const adminProductQueryOptions = recordQueryOptions(
  "/api/product/query",
  ProductDetailSchema,
  ADMIN_PRODUCT_QUERY_KEY,
);

export function useAdminProduct(id: number | undefined) {
  return useRecordQuery(adminProductQueryOptions, id);
}
