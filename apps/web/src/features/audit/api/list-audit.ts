import { type AuditListRequest, AuditRowSchema } from "@vetportal/contract";
import { listQueryOptions, useListQuery } from "../../../lib/list-query.ts";
import { AUDIT_QUERY_KEY } from "../../../lib/query-client.ts";

/** POST /api/audit/list (admin): the audit trail, newest first, filtered, a page of it. */
export const auditListOptions = (filter: AuditListRequest) =>
  listQueryOptions([...AUDIT_QUERY_KEY, "list"], "/api/audit/list", AuditRowSchema, filter);

export const useAuditList = (filter: AuditListRequest) => useListQuery(auditListOptions(filter));
