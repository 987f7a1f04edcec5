import type { PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "../client.ts";
import type { Random } from "./random.ts";

/** What every step of the seed shares: the transaction, the random sequence and the customer. */
export interface SeedContext {
  db: Executor;
  rnd: Random;
  customerId: number;
}

export async function insertChunked<T extends Record<string, unknown>>(
  db: Executor,
  table: PgTable,
  rows: T[],
  size = 500,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table as never).values(rows.slice(i, i + size) as never);
  }
}
