import {
  AUDIT_HISTORY_KINDS,
  type AuditFilter,
  type AuditKind,
  type AuditListRequest,
  type AuditRow,
  auditKindName,
  PORTAL_TIME_ZONE,
} from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { DatabaseHandle, Executor } from "../../db/client.ts";
import { openCsvStream } from "../reports/csv-stream.ts";
import { inlineSql } from "../reports/report-sql-parts.ts";
import * as repo from "./audit.repository.ts";
import { changedFields, changeList, isEmptyChange } from "./audit-changes.ts";

/** Who made a change: the user and the sign-in (session) it came from; null is the system itself. */
export type AuditActor = { userId: number; sessionId: number | null };

/**
 * One change to record. `before` and `after` may be the whole record: only the fields that changed
 * are stored, and secrets are redacted (decision 043). A creation has no `before`, a removal no `after`.
 */
export interface AuditEntry {
  actor: AuditActor | null;
  kind: AuditKind;
  /** What was done: "create", "update", "delete", "ship", "replenish", … */
  action: string;
  recordId: number;
  /** The record's name as a person reads it, e.g. "Cardiology" or "Order #866". */
  label: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export type AuditSettings = Pick<Config, "CUSTOMER_ID" | "EXPORT_IDLE_TIMEOUT_MS">;

interface AuditDeps {
  database: DatabaseHandle;
  settings: AuditSettings;
}

type StoredRow = Awaited<ReturnType<typeof repo.listEntries>>["rows"][number];

function rowOf(r: StoredRow): AuditRow {
  return {
    id: r.id,
    created: r.created.toISOString(),
    actor_user_id: r.actor_user_id,
    actor: r.actor_name || r.actor_email || (r.actor_user_id === null ? "System" : `User ${r.actor_user_id}`),
    actor_email: r.actor_email,
    session_id: r.session_id,
    kind: r.kind,
    kind_name: auditKindName(r.kind),
    action: r.action,
    record_id: r.record_id,
    record_label: r.record_label,
    changes: changeList(r.before, r.after),
  };
}

const filterOf = (f: AuditFilter): repo.AuditWhere => ({
  person: f.person || undefined,
  kinds: f.kind ? [f.kind] : undefined,
  record: f.record || undefined,
  date_from: f.date_from,
  date_to: f.date_to,
});

/**
 * The audit trail (issue 23 §5, decision 043): the audit_log table's owner. Other services call
 * `record(tx, entry)` inside the transaction of the change they make, so a change and its row
 * commit or roll back together. The rows cannot be altered: the database refuses it (migration 0021).
 */
export function createAuditService({ database, settings }: AuditDeps) {
  const db = database.db;
  const customerId = settings.CUSTOMER_ID;
  return {
    /** Records one change in the caller's transaction; an update that changed nothing writes nothing. */
    async record(tx: Executor, entry: AuditEntry): Promise<void> {
      const diff = changedFields(entry.before, entry.after);
      if (entry.before && entry.after && isEmptyChange(diff)) return;
      await repo.insertEntry(tx, {
        customerId,
        actorUserId: entry.actor?.userId ?? null,
        sessionId: entry.actor?.sessionId ?? null,
        kind: entry.kind,
        action: entry.action,
        recordId: entry.recordId,
        label: entry.label.slice(0, 300),
        before: diff.before ?? null,
        after: diff.after ?? null,
      });
    },

    /** /admin/audit: newest first, filtered, a page of it. */
    async list(request: AuditListRequest) {
      const { rows, total } = await repo.listEntries(
        db,
        repo.auditConditions(customerId, filterOf(request)),
        request.limit,
        request.offset,
      );
      return { rows: rows.map(rowOf), total };
    },

    /** A product's, user's or order's own history, newest first. */
    async history(kind: keyof typeof AUDIT_HISTORY_KINDS, recordId: number, limit: number, offset: number) {
      const where = repo.auditConditions(customerId, { kinds: AUDIT_HISTORY_KINDS[kind], recordId });
      const { rows, total } = await repo.listEntries(db, where, limit, offset);
      return { rows: rows.map(rowOf), total };
    },

    /** The CSV of every row the filter matches, streamed (COPY on PostgreSQL, a cursor on PGlite). */
    exportCsv(filter: AuditFilter) {
      const statement = repo.exportStatement(repo.auditConditions(customerId, filterOf(filter)), PORTAL_TIME_ZONE);
      return openCsvStream(database, inlineSql(statement), { idleTimeoutMs: settings.EXPORT_IDLE_TIMEOUT_MS });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;

/** What the other services are handed: only the writing half. */
export type AuditRecorder = Pick<AuditService, "record">;
