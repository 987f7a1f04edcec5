import { IdResultSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
import type { ProductForm } from "./create-product.ts";
import { ADMIN_PRODUCT_QUERY_KEY } from "./get-product.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

/** POST /api/product/update (admin): the whole product form of an existing product (SPEC §5 "Product"). */
export function updateProduct(body: ProductForm & { id: number }) {
  return apiData("/api/product/update", { body, schema: IdResultSchema });
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateProduct() {
  return useRefreshingMutation(updateProduct, [ADMIN_PRODUCTS_QUERY_KEY, ADMIN_PRODUCT_QUERY_KEY], {
    handlesErrors: true,
  });
}
