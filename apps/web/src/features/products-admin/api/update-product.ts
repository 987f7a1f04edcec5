import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import type { ProductForm } from "./create-product.ts";
import { ADMIN_PRODUCT_QUERY_KEY } from "./get-product.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

const UpdatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/product/update (admin): the whole product form of an existing product (SPEC §5 "Product"). */
export function updateProduct(body: ProductForm & { id: number }) {
  return apiRequest("/api/product/update", { body, schema: UpdatedResponseSchema }).then((response) => response.data);
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCT_QUERY_KEY });
    },
  });
}
