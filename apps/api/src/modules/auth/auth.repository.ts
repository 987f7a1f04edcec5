import { USER_LEVEL } from "@vetportal/contract";
import { and, asc, eq, gt, inArray, isNull, ne, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database, Executor } from "../../db/client.ts";
import {
  addresses,
  password_tokens,
  rate_limits,
  retired_refresh_tokens,
  sessions,
  users,
} from "../../db/schema/index.ts";
import { normalized } from "../../db/sql/normalized.ts";

/**
 * Active practices of the customer whose name matches, with each of their addresses' line1 and zip.
 * Staff (administrator level or the configured admin user) are never among them: address facts are
 * public, so they must not open a staff account (docs/decisions/012).
 */
export async function findPracticeAddresses(
  db: Executor,
  customerId: number,
  normalizedPractice: string,
  adminUserId: number,
) {
  return db
    .select({ id: users.id, line1: addresses.line1, zip_code: addresses.zip_code })
    .from(users)
    .innerJoin(addresses, and(eq(addresses.belong_to, "user"), eq(addresses.owner_id, users.id)))
    .where(
      and(
        eq(users.customer_id, customerId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
        ne(users.user_level_id, USER_LEVEL.ADMINISTRATOR),
        ne(users.id, adminUserId),
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

/** The first address's state of a user (it decides the categories they see, SPEC §9). */
const stateOf = (userId: SQLWrapper) =>
  sql<
    string | null
  >`(select a.state from ${addresses} a where a.belong_to = 'user' and a.owner_id = ${userId} order by a.id limit 1)`;

/** The practice a session acts for (decision 042), joined only while it is live and may order. */
const acting = alias(users, "acting");

/**
 * Looks a live session up by its id-token hash, with the user's current level, department and
 * first address's state, in one prepared statement (it runs for every request the session cache
 * has not seen within CACHE_MAX_STALE_MS). A session acting for a practice (decision 042) also
 * brings the practice's level, department and state; a practice since deleted or deactivated
 * brings nulls (and the session no longer works: it never falls back to the administrator).
 */
export function prepareFindLiveSession(db: Database) {
  const query = db
    .select({
      id: sessions.id,
      user_id: sessions.user_id,
      customer_id: sessions.customer_id,
      auth_method: sessions.auth_method,
      expires_at: sessions.expires_at,
      user_level_id: users.user_level_id,
      department_id: users.department_id,
      state: stateOf(users.id),
      acting_for_user_id: sessions.acting_for_user_id,
      acting_user_id: acting.id,
      acting_level_id: acting.user_level_id,
      acting_department_id: acting.department_id,
      acting_state: stateOf(acting.id),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .leftJoin(
      acting,
      and(
        eq(acting.id, sessions.acting_for_user_id),
        eq(acting.customer_id, sessions.customer_id),
        eq(acting.is_active, true),
        eq(acting.is_deleted, false),
        ne(acting.user_level_id, USER_LEVEL.ADMINISTRATOR),
      ),
    )
    .where(
      and(
        eq(sessions.id_token_hash, sql.placeholder("idTokenHash")),
        isNull(sessions.revoked_at),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
      ),
    )
    .limit(1)
    .prepare("find_live_session");
  return async (idTokenHash: string) => (await query.execute({ idTokenHash }))[0];
}

/**
 * A user an administrator may order for (decision 042): an active practice of the customer, never
 * a staff account (administrator level or the configured admin user). Its name and first address.
 */
export async function findOrderingPractice(db: Executor, customerId: number, userId: number, adminUserId: number) {
  const [row] = await db
    .select({ id: users.id, representation: users.representation })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.customer_id, customerId),
        eq(users.is_active, true),
        eq(users.is_deleted, false),
        ne(users.user_level_id, USER_LEVEL.ADMINISTRATOR),
        ne(users.id, adminUserId),
      ),
    );
  return row;
}

/**
 * Rotates a live session's tokens (docs/decisions/026): the refresh token presented is replaced by a
 * new one and kept as retired, the id token is replaced; undefined when no live session holds it.
 * Runs in the caller's transaction. A made-up token matches no row, so it changes nothing (and
 * moves no change counter).
 */
export async function rotateSessionTokens(
  db: Executor,
  refreshTokenHash: string,
  next: { refreshTokenHash: string; idTokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .update(sessions)
    .set({ id_token_hash: next.idTokenHash, refresh_token_hash: next.refreshTokenHash, expires_at: next.expiresAt })
    .where(
      and(
        eq(sessions.refresh_token_hash, refreshTokenHash),
        isNull(sessions.revoked_at),
        gt(sessions.refresh_expires_at, sql`now()`),
      ),
    )
    .returning({ id: sessions.id });
  if (row) await db.insert(retired_refresh_tokens).values({ token_hash: refreshTokenHash, session_id: row.id });
  return row;
}

/**
 * A retired refresh token presented again: it was copied, so the session it belonged to (its
 * family) is revoked. Returns the revoked session's id; undefined for a token never issued (no write).
 */
export async function revokeFamilyOfRetired(db: Executor, refreshTokenHash: string) {
  const [row] = await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        isNull(sessions.revoked_at),
        inArray(
          sessions.id,
          db
            .select({ id: retired_refresh_tokens.session_id })
            .from(retired_refresh_tokens)
            .where(eq(retired_refresh_tokens.token_hash, refreshTokenHash)),
        ),
      ),
    )
    .returning({ id: sessions.id });
  return row?.id;
}

export async function revokeSession(db: Executor, sessionId: number) {
  await db.update(sessions).set({ revoked_at: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * Revokes every live session of a user but the one kept (all of them when none is): part of setting
 * or changing a password, with the users module's new hash and the spent links, in one transaction.
 */
export async function revokeSessionsOf(db: Executor, userId: number, keepSessionId?: number) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    );
}

/** The email and password hash of a user (checking the current password before a change). */
export async function findPasswordHolder(db: Executor, userId: number) {
  const [user] = await db
    .select({ email: users.email, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/**
 * Locks a user's row to the end of the transaction, so two processes issuing links for one user at
 * once take turns: the second spends the first's link instead of both staying live (decision 024).
 */
export async function lockUserForPasswordLink(db: Executor, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/**
 * Spends every unspent set-password link of a user (a newer one replaces them, one was used, or the
 * password changed); with `unlessSentTo`, only the links sent to another address (the user's email
 * changed). Returns the spent links' ids.
 */
export async function spendPasswordTokensOf(db: Executor, userId: number, unlessSentTo?: string) {
  const rows = await db
    .update(password_tokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(password_tokens.user_id, userId),
        isNull(password_tokens.used_at),
        unlessSentTo === undefined ? undefined : sql`lower(${password_tokens.email}) <> lower(${unlessSentTo})`,
      ),
    )
    .returning({ id: password_tokens.id });
  return rows.map((r) => r.id);
}

export async function insertPasswordToken(
  db: Executor,
  values: { userId: number; email: string; tokenHash: string; expiresAt: Date },
) {
  const [row] = await db
    .insert(password_tokens)
    .values({ user_id: values.userId, email: values.email, token_hash: values.tokenHash, expires_at: values.expiresAt })
    .returning({ id: password_tokens.id });
  return row?.id as number;
}

/**
 * Conditions under which a set-password link works: unspent, unexpired, its user active and still
 * at the address the link was sent to.
 */
const liveLink = (tokenHash: string) =>
  and(
    eq(password_tokens.token_hash, tokenHash),
    isNull(password_tokens.used_at),
    gt(password_tokens.expires_at, sql`now()`),
    eq(users.id, password_tokens.user_id),
    eq(users.is_active, true),
    eq(users.is_deleted, false),
    sql`lower(${users.email}) = lower(${password_tokens.email})`,
  );

/** The user a live set-password link belongs to (a read: nothing is spent). */
export async function findLivePasswordToken(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: password_tokens.id, user_id: password_tokens.user_id })
    .from(password_tokens)
    .innerJoin(users, eq(users.id, password_tokens.user_id))
    .where(liveLink(tokenHash))
    .limit(1);
  return row;
}

/**
 * Spends a set-password link in one statement (two concurrent uses: one wins) if it still works
 * (liveLink); returns the link's id and its user's id.
 */
export async function spendPasswordToken(db: Executor, tokenHash: string) {
  const rows = await db
    .update(password_tokens)
    .set({ used_at: sql`now()` })
    .from(users)
    .where(liveLink(tokenHash))
    .returning({ id: password_tokens.id, user_id: password_tokens.user_id });
  return rows[0];
}

/**
 * Counts one hit on each key, in one statement, before anything is checked: concurrent attempts each
 * see a distinct count, so a limit holds under a burst (docs/decisions/003). Fixed windows shared by
 * every API process; the first hit of a new window restarts at 1. Keys are locked in sorted order so
 * two bursts never deadlock. Returns the count of each key in its current window.
 */
export async function hitRateLimits(db: Executor, keys: string[], windowSeconds: number): Promise<Map<string, number>> {
  const sorted = [...new Set(keys)].sort();
  const expired = sql`${rate_limits.window_start} < now() - make_interval(secs => ${windowSeconds})`;
  const rows = await db
    .insert(rate_limits)
    .values(sorted.map((key) => ({ key, window_start: sql`now()`, count: 1 })))
    .onConflictDoUpdate({
      target: rate_limits.key,
      set: {
        count: sql`case when ${expired} then 1 else ${rate_limits.count} + 1 end`,
        window_start: sql`case when ${expired} then now() else ${rate_limits.window_start} end`,
        updated: sql`now()`,
      },
    })
    .returning({ key: rate_limits.key, count: rate_limits.count });
  return new Map(rows.map((r) => [r.key, r.count]));
}

/** Takes back one hit of each key (an attempt that turned out not to be a failure). */
export async function refundRateLimits(db: Executor, keys: string[]) {
  await db
    .update(rate_limits)
    .set({ count: sql`greatest(${rate_limits.count} - 1, 0)` })
    .where(inArray(rate_limits.key, keys));
}
