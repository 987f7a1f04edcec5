import { IdResultSchema, type ProductFormSchema } from "@vetportal/contract";
import type { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

export type ProductForm = z.input<typeof ProductFormSchema>;

/** POST /api/product/add (admin). */
export function createProduct(body: ProductForm) {
  return apiData("/api/product/add", { body, schema: IdResultSchema });
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useCreateProduct() {
  return useRefreshingMutation(createProduct, [ADMIN_PRODUCTS_QUERY_KEY], { handlesErrors: true });
}
