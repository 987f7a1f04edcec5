import { useMutation } from "@tanstack/react-query";
import { CartItemSchema } from "@vetportal/contract";
import { apiData } from "../../../lib/api-client.ts";

/**
 * POST /api/product/destroy (admin, SPEC §4 "Destroy product"): the cart line that destroys the
 * product's whole stock. Only in-inventory products of type 5; anything else is a 409.
 */
export function destroyProduct(id: number) {
  return apiData("/api/product/destroy", { body: { id }, schema: CartItemSchema });
}

/** A failure gets the global error toast with the server's message. */
export function useDestroyProduct() {
  return useMutation({ mutationFn: destroyProduct });
}
