import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api-client.ts";

/** The products CSV's file name (SPEC §9: a products CSV with columns ID, Name, SKU). */
export const PRODUCTS_CSV_FILE_NAME = "products.csv";

/** POST /api/product/export (admin): the CSV of the listed products, saved as products.csv. */
export async function exportProducts(filter: { product_category_id?: number }): Promise<void> {
  const response = await apiFetch("/api/product/export", { body: filter, accept: "text/csv" });
  const blob = await response.blob();
  // The server names a category's export products_{id}.csv; the whole list is products.csv.
  const named = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = named ?? PRODUCTS_CSV_FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A failure gets the global error toast with the server's message. */
export function useExportProducts() {
  return useMutation({ mutationFn: exportProducts });
}
