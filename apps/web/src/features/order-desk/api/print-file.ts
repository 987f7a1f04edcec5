import { useMutation } from "@tanstack/react-query";
import { downloadFile } from "../../../lib/download.ts";

/**
 * POST /api/print/file: the print-ready PDF (no watermark; bleed and crop marks) of one or more
 * personalised order lines, merged in the order given and saved as a file (issue 24 §4, decision 044).
 */
export function usePrintFile() {
  return useMutation({
    mutationFn: (orderProductIds: number[]) =>
      downloadFile(
        "/api/print/file",
        { order_product_ids: orderProductIds },
        "application/pdf",
        `print-${orderProductIds.join("-")}.pdf`,
      ),
  });
}
