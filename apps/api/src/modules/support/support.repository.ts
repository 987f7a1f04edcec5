import type { Executor } from "../../db/client.ts";
import { support_requests } from "../../db/schema/index.ts";

export async function insertSupportRequest(db: Executor, values: typeof support_requests.$inferInsert) {
  const [row] = await db.insert(support_requests).values(values).returning({ id: support_requests.id });
  if (!row) throw new Error("support request not stored");
  return row.id;
}
