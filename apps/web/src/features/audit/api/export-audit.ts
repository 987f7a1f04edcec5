import { useMutation } from "@tanstack/react-query";
import type { AuditFilter } from "@vetportal/contract";
import { apiFetch } from "../../../lib/api-client.ts";

/** POST /api/audit/export (admin): the rows the filter matches as CSV, saved under the server's name. */
export async function exportAudit(filter: AuditFilter): Promise<void> {
  const response = await apiFetch("/api/audit/export", { body: filter, accept: "text/csv" });
  const blob = await response.blob();
  const named = /filename="?([^";]+)"?/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = named ?? "audit.csv";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A failure gets the global error toast with the server's message. */
export function useExportAudit() {
  return useMutation({ mutationFn: exportAudit });
}
