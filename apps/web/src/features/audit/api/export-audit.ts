import type { AuditFilter } from "@vetportal/contract";
import { useCsvDownload } from "../../../lib/download.ts";

/** POST /api/audit/export (admin): the rows the filter matches as CSV, saved under the server's name. */
export const useExportAudit = () => useCsvDownload<AuditFilter>("/api/audit/export", "audit.csv");
