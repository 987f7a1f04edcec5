import { and, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { escapeLike } from "../../db/like.ts";
import { audit_log, users } from "../../db/schema/index.ts";
import { dayEnd, dayStart } from "../../lib/portal-days.ts";

export interface AuditValues {
  customerId: number;
  actorUserId: number | null;
  sessionId: number | null;
  kind: string;
  action: string;
  recordId: number;
  label: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The actor's name (or practice name) and email as they are now, copied into the row in its statement. */
const actorName = (userId: number) =>
  sql<string>`(select coalesce(nullif(concat_ws(' ', ${users.first_name}, ${users.last_name}), ''), ${users.representation}) from ${users} where ${users.id} = ${userId})`;
const actorEmail = (userId: number) => sql<string>`(select ${users.email} from ${users} where ${users.id} = ${userId})`;

/** One audit row, in the caller's transaction (the change's own). */
export async function insertEntry(tx: Executor, v: AuditValues) {
  await tx.insert(audit_log).values({
    customer_id: v.customerId,
    actor_user_id: v.actorUserId,
    actor_name: v.actorUserId === null ? null : actorName(v.actorUserId),
    actor_email: v.actorUserId === null ? null : actorEmail(v.actorUserId),
    session_id: v.sessionId,
    kind: v.kind,
    action: v.action,
    record_id: v.recordId,
    record_label: v.label,
    before: v.before,
    after: v.after,
  });
}

export interface AuditWhere {
  person?: string;
  kinds?: readonly string[];
  record?: string;
  recordId?: number;
  date_from?: string;
  date_to?: string;
}

/** The conditions of a filter on audit_log, for a page and for the CSV alike. */
export function auditConditions(customerId: number, f: AuditWhere): SQL | undefined {
  const like = (text: string) => `%${escapeLike(text)}%`;
  const record = f.record;
  return and(
    eq(audit_log.customer_id, customerId),
    f.person
      ? or(ilike(audit_log.actor_name, like(f.person)), ilike(audit_log.actor_email, like(f.person)))
      : undefined,
    f.kinds ? inArray(audit_log.kind, [...f.kinds]) : undefined,
    record
      ? /^\d{1,9}$/.test(record)
        ? or(eq(audit_log.record_id, Number(record)), ilike(audit_log.record_label, like(record)))
        : ilike(audit_log.record_label, like(record))
      : undefined,
    f.recordId !== undefined ? eq(audit_log.record_id, f.recordId) : undefined,
    f.date_from ? sql`${audit_log.created} >= ${dayStart(f.date_from)}` : undefined,
    f.date_to ? sql`${audit_log.created} < ${dayEnd(f.date_to)}` : undefined,
  );
}

/** A page of the trail, newest first, and how many rows match. */
export async function listEntries(db: Executor, where: SQL | undefined, limit: number, offset: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(audit_log)
      .where(where)
      .orderBy(desc(audit_log.created), desc(audit_log.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(audit_log).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A text cell a spreadsheet would read as a formula gets a leading apostrophe (OWASP CSV injection). */
const safe = (expression: SQL) =>
  sql`(case when left(${expression}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r') then '''' || ${expression} else ${expression} end)`;

/** The CSV's statement (streamed by the caller): every matching row, newest first, all text columns. */
export function exportStatement(where: SQL | undefined, timeZone: string): SQL {
  return sql`select
    to_char(${audit_log.created} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as "When",
    ${safe(sql`coalesce(${audit_log.actor_name}, ${audit_log.actor_email}, 'System')`)} as "Person",
    ${safe(sql`coalesce(${audit_log.actor_email}, '')`)} as "Email",
    ${audit_log.kind} as "Kind",
    ${audit_log.action} as "Action",
    ${audit_log.record_id}::text as "Record ID",
    ${safe(sql`${audit_log.record_label}`)} as "Record",
    ${safe(sql`coalesce(${audit_log.before}::text, '')`)} as "Before",
    ${safe(sql`coalesce(${audit_log.after}::text, '')`)} as "After",
    coalesce(${audit_log.session_id}::text, '') as "Sign-in"
  from ${audit_log}
  where ${where ?? sql`true`}
  order by ${audit_log.created} desc, ${audit_log.id} desc`;
}
