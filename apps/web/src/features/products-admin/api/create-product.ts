import { useMutation, useQueryClient } from "@tanstack/react-query";
import { okSchema, type ProductFormSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

export type ProductForm = z.input<typeof ProductFormSchema>;

const CreatedResponseSchema = okSchema(z.object({ id: z.number().int() }));

/** POST /api/product/add (admin). */
export function createProduct(body: ProductForm) {
  return apiRequest("/api/product/add", { body, schema: CreatedResponseSchema }).then((response) => response.data);
}

/** The form shows failures itself (field errors land on it), so no global toast. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    meta: { handlesErrors: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_QUERY_KEY }),
  });
}
