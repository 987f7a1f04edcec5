import { queryOptions, useQuery } from "@tanstack/react-query";
import { okSchema, ReportFiltersSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

const ReportFiltersResponseSchema = okSchema(ReportFiltersSchema);

/** POST /api/report/filters (admin, SPEC §7 "report filters"): departments, cost centers, statuses, categories. */
export function getReportFilters(signal?: AbortSignal) {
  return apiRequest("/api/report/filters", { body: {}, schema: ReportFiltersResponseSchema, signal }).then(
    (response) => response.data,
  );
}

export function reportFiltersQueryOptions() {
  return queryOptions({
    queryKey: ["reports", "filters"],
    queryFn: ({ signal }) => getReportFilters(signal),
    staleTime: 5 * 60_000,
  });
}

/** A failure gets the global error toast; the selects then offer ALL only. */
export function useReportFilters() {
  return useQuery(reportFiltersQueryOptions());
}
