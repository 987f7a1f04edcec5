import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { department_cc_emails } from "../../db/schema/index.ts";
import { portalToday } from "../../lib/portal-days.ts";

/*
 * The order desk writes no table of its own: orders, their lines, history and shipments change
 * through the orders service (their owner). What is left here are two reads.
 */

/** The department's cc addresses, copied on the practice's order emails as on its confirmation. */
export async function listCcEmails(db: Executor, departmentId: number | null) {
  if (departmentId === null) return [];
  const rows = await db
    .select({ email: department_cc_emails.email })
    .from(department_cc_emails)
    .where(eq(department_cc_emails.department_id, departmentId));
  return rows.map((r) => r.email);
}

/** Today in portal time, on the database's clock (ship dates are checked against it). */
export async function findPortalToday(db: Executor): Promise<string> {
  const rows = await db.execute(sql`select to_char(${portalToday()}, 'YYYY-MM-DD') as day`);
  return (rows as unknown as { rows: { day: string }[] }).rows[0]?.day as string;
}
