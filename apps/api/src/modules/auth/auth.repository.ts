import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { addresses, rate_limits, sessions, users } from "../../db/schema/index.ts";

/** SQL twin of normalizeForMatch: lower case, every run of non-alphanumerics becomes one space, trimmed. */
export const normalized = (column: unknown) => sql`btrim(regexp_replace(lower(${column}), '[^a-z0-9]+', ' ', 'g'))`;

/** Active practices of the customer whose name matches, with each of their addresses' line1 and zip. */
export async function findPracticeAddresses(db: Executor, customerId: number, normalizedPractice: string) {
  return db
    .select({ id: users.id, line1: addresses.line1, zip_code: addresses.zip_code })
    .from(users)
    .innerJoin(addresses, and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, users.id)))
    .where(
      and(
        eq(users.customer_id, customerId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
        sql`${normalized(users.representation)} = ${normalizedPractice}`,
      ),
    )
    .orderBy(asc(users.id), asc(addresses.id));
}

export async function findUserByEmail(db: Executor, customerId: number, email: string) {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.customer_id, customerId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.is_active, true),
        eq(users.is_deleted, false),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function getUserWithFirstAddress(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return undefined;
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, userId)))
    .orderBy(asc(addresses.id))
    .limit(1);
  return { user, address };
}

export async function createSession(db: Executor, values: typeof sessions.$inferInsert) {
  const [row] = await db.insert(sessions).values(values).returning();
  return row;
}

/** A live session by its id-token hash, with the user's current level and status. */
export async function findLiveSession(db: Executor, idTokenHash: string) {
  const rows = await db
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      customer_id: sessions.customer_id,
      auth_method: sessions.auth_method,
      expires_at: sessions.expires_at,
      user_level_id: users.user_level_id,
      department_id: users.department_id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.id_token_hash, idTokenHash),
        isNull(sessions.revoked_at),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Replaces the id token of the live session holding this refresh token; undefined when there is none. */
export async function rotateIdToken(db: Executor, refreshTokenHash: string, idTokenHash: string, expiresAt: Date) {
  const rows = await db
    .update(sessions)
    .set({ id_token_hash: idTokenHash, expires_at: expiresAt })
    .where(
      and(
        eq(sessions.refresh_token_hash, refreshTokenHash),
        isNull(sessions.revoked_at),
        gt(sessions.refresh_expires_at, new Date()),
      ),
    )
    .returning({ id: sessions.id });
  return rows[0];
}

export async function revokeSession(db: Executor, sessionId: number) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Counts one hit against a fixed window shared by every API process; returns the count in the
 * current window (the first hit of a new window restarts at 1).
 */
export async function hitRateLimit(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const expired = sql`${rate_limits.window_start} < now() - make_interval(secs => ${windowSeconds})`;
  const [row] = await db
    .insert(rate_limits)
    .values({ key, window_start: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rate_limits.count} + 1 end`,
        window_start: sql`case when ${expired} then now() else ${rate_limits.window_start} end`,
      },
    })
    .returning({ count: rate_limits.count });
  return row?.count ?? 1;
}

/** Hits in the current window of a counter, without counting one more. */
export async function peekRateLimit(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const [row] = await db
    .select({ count: rate_limits.count })
    .from(rate_limits)
    .where(
      and(
        eq(rate_limits.key, key),
        sql`${rate_limits.window_start} >= now() - make_interval(secs => ${windowSeconds})`,
      ),
    );
  return row?.count ?? 0;
}
