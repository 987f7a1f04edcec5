import { queryOptions } from "@tanstack/react-query";
import { OrderReportDataSchema, type OrderReportRequest } from "@vetportal/contract";
import { requestRows, useListQuery } from "../../../lib/list-query.ts";

/**
 * POST /api/report/orderFrontEnd (admin, SPEC §7): one page of the view search_by chooses, the
 * totals of every matching row, and found_rows, the number of matching rows.
 */
export function getOrderReport(request: OrderReportRequest, signal?: AbortSignal) {
  return requestRows("/api/report/orderFrontEnd", request, OrderReportDataSchema, signal);
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
  return useListQuery({
    ...orderReportQueryOptions(request ?? { date_from: "", date_to: "" }),
    enabled: request !== null,
  });
}
