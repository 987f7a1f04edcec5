import type { ReportFilterInput } from "@vetportal/contract";
import { ExportButton } from "../../../components/table/export-button.tsx";
import { startDownload } from "../../../lib/download.ts";
import { useCreateReportExport } from "../api/create-report-export.ts";

/**
 * Export CSV of every matching row, not just the page (issue #5 "Exports"): the API hands out a
 * short-lived code and streams the file from its URL, which the browser downloads directly.
 */
export function ExportCsvButton({ filter }: { filter: ReportFilterInput }) {
  const exportReport = useCreateReportExport();
  return (
    <ExportButton
      loading={exportReport.isPending}
      onClick={() =>
        exportReport.mutate(
          { report: "order", filter },
          { onSuccess: (created) => startDownload(created.url, created.file_name) },
        )
      }
    />
  );
}
