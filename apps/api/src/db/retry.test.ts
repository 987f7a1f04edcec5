import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../test/helpers.ts";
import type { DatabaseHandle } from "./client.ts";
import { inRetriedTransaction, TRANSACTION_ATTEMPTS } from "./retry.ts";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Makes the server abort the statement with the given SQLSTATE, as a deadlock or serialization failure would. */
const abortWith = (state: string) =>
  sql.raw(`do $$ begin raise exception 'simulated abort' using errcode = '${state}'; end $$`);

describe("retried order transactions", () => {
  it("runs a transaction again from the start after a deadlock or a serialization failure", async () => {
    for (const state of ["40P01", "40001"]) {
      let attempts = 0;
      const result = await inRetriedTransaction(database.db, async (tx) => {
        attempts++;
        await tx.execute(sql`insert into idempotency_keys (user_id, key) values (1, ${`retry-${state}`})`);
        if (attempts === 1) await tx.execute(abortWith(state));
        return "placed";
      });
      expect(result).toBe("placed");
      expect(attempts).toBe(2);
      // The first attempt left nothing behind: one row, from the second.
      const rows = await database.db.execute(sql`select id from idempotency_keys where key = ${`retry-${state}`}`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    }
  });

  it("gives up after a bounded number of attempts, and never retries other errors", async () => {
    let attempts = 0;
    await expect(
      inRetriedTransaction(database.db, async (tx) => {
        attempts++;
        await tx.execute(abortWith("40P01"));
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);

    attempts = 0;
    await expect(
      inRetriedTransaction(database.db, async (tx) => {
        attempts++;
        await tx.execute(abortWith("23505"));
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
  });
});
