import { useMutation } from "@tanstack/react-query";
import { okSchema, type ReportExportRequest, ReportExportSchema } from "@vetportal/contract";
import { apiRequest } from "../../../lib/api-client.ts";

const ReportExportResponseSchema = okSchema(ReportExportSchema);

/**
 * POST /api/report/export (admin): a short-lived code for the CSV of every matching row. The file
 * itself is streamed by GET {url}; the browser downloads it straight from there and never holds it
 * in memory.
 */
export function createReportExport(request: ReportExportRequest) {
  return apiRequest("/api/report/export", { body: request, schema: ReportExportResponseSchema }).then(
    (response) => response.data,
  );
}

/** A failure gets the global error toast with the server's message. */
export function useCreateReportExport() {
  return useMutation({ mutationFn: createReportExport });
}
