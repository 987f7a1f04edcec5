import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ErrorBodySchema, MESSAGES, okSchema } from "@vetportal/contract";
import { z } from "zod";
import { ApiError } from "../../../lib/api-client.ts";
import { authorizedFetch } from "./authorized-fetch.ts";
import { ADMIN_PRODUCT_QUERY_KEY } from "./get-product.ts";
import { ADMIN_PRODUCTS_QUERY_KEY } from "./list-products.ts";

/** What the server takes: PNG, JPEG or WebP (recognised by their bytes) up to 2 MB; it says why when not. */
export const PRODUCT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

const ImageResponseSchema = okSchema(z.object({ image_url: z.string() }));

/** POST /api/product/image (admin): multipart with the product id and the file. */
export async function uploadProductImage({ id, file }: { id: number; file: File }) {
  const body = new FormData();
  body.append("id", String(id));
  body.append("file", file);
  const response = await authorizedFetch("/api/product/image", { body, headers: { Accept: "application/json" } });
  const payload: unknown = await response.json().catch(() => undefined);
  const parsed = ImageResponseSchema.safeParse(payload);
  if (parsed.success) return parsed.data.data;
  const failure = ErrorBodySchema.safeParse(payload);
  if (failure.success) throw new ApiError(response.status, failure.data.error.code, failure.data.error.message);
  throw new ApiError(response.status, "INVALID_RESPONSE", MESSAGES.internalError);
}

/** The image card shows success and failure itself, so no global toast. */
export function useUploadProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProductImage,
    meta: { handlesErrors: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCT_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ADMIN_PRODUCTS_QUERY_KEY });
    },
  });
}
