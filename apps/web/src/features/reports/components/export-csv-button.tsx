import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import type { ReportFilterInput } from "@vetportal/contract";
import { useCreateReportExport } from "../api/create-report-export.ts";
import { startDownload } from "../utils/start-download.ts";

/**
 * Export CSV of every matching row, not just the page (issue #5 "Exports"): the API hands out a
 * short-lived code and streams the file from its URL, which the browser downloads directly.
 */
export function ExportCsvButton({ filter }: { filter: ReportFilterInput }) {
  const exportReport = useCreateReportExport();
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={exportReport.isPending}
      onClick={() =>
        exportReport.mutate(
          { report: "order", filter },
          { onSuccess: (created) => startDownload(created.url, created.file_name) },
        )
      }
    >
      Export CSV
    </Button>
  );
}
