import { AuditRowSchema } from "@vetportal/contract";
import { listQueryOptions, useListQuery } from "./list-query.ts";
import { AUDIT_QUERY_KEY } from "./query-client.ts";

export type HistoryKind = "product" | "user" | "order";

/** POST /api/audit/record (admin): one product's, user's or order's own changes, newest first. */
export const recordHistoryOptions = (kind: HistoryKind, recordId: number, limit: number, offset: number) =>
  listQueryOptions([...AUDIT_QUERY_KEY, "record"], "/api/audit/record", AuditRowSchema, {
    kind,
    record_id: recordId,
    limit,
    offset,
  });

export const useRecordHistory = (kind: HistoryKind, recordId: number, limit: number, offset: number) =>
  useListQuery(recordHistoryOptions(kind, recordId, limit, offset));
