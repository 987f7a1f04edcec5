import { useMutation } from "@tanstack/react-query";
import { okSchema, ShipmentCsvResultSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

export const ShipmentCsvResponseSchema = okSchema(ShipmentCsvResultSchema);

/** POST /api/fulfilment/importPreview: what a carrier file would ship, row by row; nothing is written. */
export function usePreviewShipmentCsv() {
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest("/api/fulfilment/importPreview", { body: { csv }, schema: ShipmentCsvResponseSchema }).then(
        (r) => r.data,
      ),
  });
}
