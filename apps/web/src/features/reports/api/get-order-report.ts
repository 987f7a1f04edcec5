import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { OrderReportDataSchema, type OrderReportRequest, okSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

const OrderReportResponseSchema = okSchema(OrderReportDataSchema);

/**
 * POST /api/report/orderFrontEnd (admin, SPEC §7): one page of the view search_by chooses, the
 * totals of every matching row, and found_rows, the number of matching rows.
 */
export function getOrderReport(request: OrderReportRequest, signal?: AbortSignal) {
  return apiRequest("/api/report/orderFrontEnd", { body: request, schema: OrderReportResponseSchema, signal }).then(
    (response) => ({ report: response.data, total: response.found_rows ?? response.data.rows.length }),
  );
}

export function orderReportQueryOptions(request: OrderReportRequest) {
  return queryOptions({
    queryKey: ["reports", "order", request],
    queryFn: ({ signal }) => getOrderReport(request, signal),
  });
}

/**
 * No request, no call (nothing searched yet). The page shows failures itself; the previous page
 * stays on screen, dimmed, while the next one loads.
 */
export function useOrderReport(request: OrderReportRequest | null) {
  return useQuery({
    ...orderReportQueryOptions(request ?? { date_from: "", date_to: "" }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    meta: { handlesErrors: true },
  });
}
