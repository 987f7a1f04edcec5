import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { ShipmentCsvResponseSchema } from "./preview-shipment-csv.ts";

/** POST /api/fulfilment/importApply: ships the good rows in one transaction; the refused rows say why. */
export function useApplyShipmentCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) =>
      apiRequest("/api/fulfilment/importApply", { body: { csv }, schema: ShipmentCsvResponseSchema }).then(
        (r) => r.data,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["order-desk"] }),
  });
}
