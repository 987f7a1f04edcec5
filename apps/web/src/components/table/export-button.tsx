import { Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";

/**
 * A list's "Export CSV" control (reports, products, allocations, the audit trail): the download
 * icon, busy while the file is asked for. The download itself is `lib/download.ts`.
 */
export function ExportButton({
  loading,
  onClick,
  label = "Export CSV",
}: {
  loading: boolean;
  onClick: () => void;
  label?: string;
}) {
  return (
    <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={loading} onClick={onClick}>
      {label}
    </Button>
  );
}
