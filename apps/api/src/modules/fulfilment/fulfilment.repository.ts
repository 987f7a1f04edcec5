import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { portalToday } from "../../lib/portal-days.ts";

/*
 * The order desk writes no table of its own: orders, their lines, history and shipments change
 * through the orders service (their owner), and a department's cc addresses come from the
 * departments service. What is left here is the database's clock.
 */

/** Today in portal time, on the database's clock (ship dates are checked against it). */
export async function findPortalToday(db: Executor): Promise<string> {
  const rows = await db.execute(sql`select to_char(${portalToday()}, 'YYYY-MM-DD') as day`);
  return (rows as unknown as { rows: { day: string }[] }).rows[0]?.day as string;
}
