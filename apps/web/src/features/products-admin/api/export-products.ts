import { useCsvDownload } from "../../../lib/download.ts";

/** The products CSV's file name (SPEC §9: a products CSV with columns ID, Name, SKU). */
export const PRODUCTS_CSV_FILE_NAME = "products.csv";

/**
 * POST /api/product/export (admin): the CSV of the listed products. The server names a category's
 * export products_{id}.csv; the whole list is products.csv.
 */
export const useExportProducts = () =>
  useCsvDownload<{ product_category_id?: number }>("/api/product/export", PRODUCTS_CSV_FILE_NAME);
