import { okSchema } from "@vetportal/contract";
import { z } from "zod";
import { apiRequest } from "../../../lib/api-client.ts";
import { useRefreshingMutation } from "../../../lib/refreshing-mutation.ts";
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
  const response = await apiRequest("/api/product/image", { body, schema: ImageResponseSchema });
  return response.data;
}

/** The image card shows success and failure itself, so no global toast. */
export function useUploadProductImage() {
  return useRefreshingMutation(uploadProductImage, [ADMIN_PRODUCT_QUERY_KEY, ADMIN_PRODUCTS_QUERY_KEY], {
    handlesErrors: true,
  });
}
