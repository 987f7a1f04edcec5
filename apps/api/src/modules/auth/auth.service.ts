import {
  type AddressLogin,
  LEVEL_PRIVILEGES,
  type LoginResponse,
  MESSAGES,
  type PasswordLogin,
  type Privileges,
  type RefreshData,
  USER_LEVEL,
  USER_LEVELS,
} from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database, Executor } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { Caches } from "../../lib/cache.ts";
import { hashPassword, hashToken, newToken, verifyPassword } from "../../lib/hashing.ts";
import { normalizeAddressLine, normalizeForMatch } from "../../lib/normalisers.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import { forgetSecrets } from "../mail/mail.service.ts";
import type { UsersService } from "../users/users.service.ts";
import { actingOperations } from "./acting.ts";
import * as repo from "./auth.repository.ts";
import { linkRef } from "./password-links.service.ts";
import { issueSession, profileOf } from "./session-open.ts";
import { createSignInThrottle, createTokenThrottle, type ThrottleSettings } from "./throttle.ts";

/** The settings the auth service reads (its throttles' included). */
export type AuthSettings = ThrottleSettings &
  Pick<Config, "CUSTOMER_ID" | "ADMIN_USER_ID" | "SESSION_TTL_SECONDS" | "REFRESH_TTL_SECONDS">;

interface AuthDeps {
  db: Database;
  settings: AuthSettings;
  caches: Caches;
  /** The owner of the users table: a new password hash is written through it. */
  users: UsersService;
}

type Throttles = {
  attempt: ReturnType<typeof createSignInThrottle>;
  tokenAttempt: ReturnType<typeof createTokenThrottle>;
};

/** Administrator rights need a staff (password) sign-in and level 3, or the configured admin user id. */
const isAdministrator = (settings: AuthSettings, authMethod: "address" | "password", userId: number, levelId: number) =>
  authMethod === "password" && (levelId === USER_LEVEL.ADMINISTRATOR || userId === settings.ADMIN_USER_ID);

async function openSession(deps: AuthDeps, userId: number, authMethod: "address" | "password"): Promise<LoginResponse> {
  const tokens = await issueSession(deps, { userId, authMethod });
  return {
    result: 1,
    profile: await profileOf(deps.db, userId),
    access_token: tokens.access_token,
    data: tokens.refresh_token,
    expiresIn: tokens.expiresIn,
    expireDate: tokens.expireDate,
  };
}

/**
 * Sets a user's password hash (through the users service), spends every unspent set-password link
 * of the user and revokes every live session but the one kept (all of them when none is), in the
 * caller's transaction: what setting or changing a password means. Returns the spent links' ids.
 */
async function replacePasswordHash(
  users: UsersService,
  tx: Executor,
  userId: number,
  passwordHash: string,
  keepSessionId?: number,
) {
  await users.setPasswordHash(tx, userId, passwordHash);
  const spent = await repo.spendPasswordTokensOf(tx, userId);
  await repo.revokeSessionsOf(tx, userId, keepSessionId);
  return spent;
}

/** Sign-in by address (practices) and by password (staff). */
function signInOperations(deps: AuthDeps, { attempt }: Throttles) {
  const { db, settings } = deps;
  return {
    /**
     * Practice sign-in by practice name + first address line + zip. Never grants administrator
     * rights and never opens a staff account: those answer exactly like a wrong address.
     */
    async signInByAddress(input: AddressLogin, ip: string): Promise<LoginResponse> {
      const practiceName = normalizeForMatch(input.address_name);
      const practiceId = await attempt(
        ip,
        `practice:${practiceName}`,
        async () => {
          if (input.customer_id !== undefined && input.customer_id !== settings.CUSTOMER_ID) return undefined;
          const line1 = normalizeAddressLine(input.line1);
          const zip = normalizeForMatch(input.zip_code);
          const candidates = await repo.findPracticeAddresses(
            db,
            settings.CUSTOMER_ID,
            practiceName,
            settings.ADMIN_USER_ID,
          );
          return candidates.find(
            (c) => normalizeAddressLine(c.line1) === line1 && normalizeForMatch(c.zip_code) === zip,
          )?.id;
        },
        new AppError("INVALID_CREDENTIALS", MESSAGES.loginFailed),
      );
      return openSession(deps, practiceId, "address");
    },

    /** Staff sign-in by email + password; the only way to administrator rights. */
    async signInByPassword(input: PasswordLogin, ip: string): Promise<LoginResponse> {
      const userId = await attempt(
        ip,
        `email:${input.email.toLowerCase()}`,
        async () => {
          const user = await repo.findUserByEmail(db, settings.CUSTOMER_ID, input.email);
          return (await verifyPassword(user?.password_hash ?? null, input.password)) ? user?.id : undefined;
        },
        new AppError("INVALID_CREDENTIALS", MESSAGES.staffLoginFailed),
      );
      return openSession(deps, userId, "password");
    },
  };
}

/** Setting a password with a link, and changing one's own password. */
function passwordOperations({ db, users }: AuthDeps, { attempt, tokenAttempt }: Throttles) {
  return {
    /**
     * Whether a set-password link still works (the page asks when it opens); throttled per source
     * like setting the password, and nothing is spent.
     */
    async checkPasswordLink(token: string, ip: string) {
      await tokenAttempt(
        "password-link",
        ip,
        async () => ((await repo.findLivePasswordToken(db, hashToken(token))) ? true : undefined),
        new AppError("NOT_FOUND", MESSAGES.passwordLinkInvalid),
      );
    },

    /**
     * Spends a set-password link and sets the password (the password rule is the contract's); every
     * session of the user is revoked, and the user then signs in with email and password. The link
     * is looked up before the password is hashed, so a made-up token costs one indexed read.
     */
    async setPasswordWithLink(token: string, password: string, ip: string) {
      const tokenHash = hashToken(token);
      await tokenAttempt(
        "password-link",
        ip,
        async () => {
          if (!(await repo.findLivePasswordToken(db, tokenHash))) return undefined;
          const passwordHash = await hashPassword(password);
          return db.transaction(async (tx) => {
            const link = await repo.spendPasswordToken(tx, tokenHash);
            if (!link) return undefined;
            const spent = await replacePasswordHash(users, tx, link.user_id, passwordHash);
            await forgetSecrets(tx, [link.id, ...spent].map(linkRef));
            return true;
          });
        },
        new AppError("NOT_FOUND", MESSAGES.passwordLinkInvalid),
      );
    },

    /**
     * Changes the caller's own password (argon2id) and signs out their other sessions. Needs a
     * password sign-in (address facts are public) and the current password; a wrong one counts
     * against the sign-in throttle like a wrong sign-in (docs/decisions/012).
     */
    async changePassword(caller: SessionUser, input: { current_password: string; password: string }, ip: string) {
      if (caller.authMethod !== "password") throw new AppError("FORBIDDEN", MESSAGES.passwordNeedsPasswordSignIn);
      const user = await repo.findPasswordHolder(db, caller.userId);
      if (!user) throw new AppError("UNAUTHENTICATED");
      await attempt(
        ip,
        `email:${(user.email ?? `user-${caller.userId}`).toLowerCase()}`,
        async () => ((await verifyPassword(user.password_hash, input.current_password)) ? true : undefined),
        new AppError("VALIDATION_FAILED", MESSAGES.currentPasswordWrong, {
          current_password: MESSAGES.currentPasswordWrong,
        }),
      );
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const spent = await replacePasswordHash(users, tx, caller.userId, passwordHash, caller.sessionId);
        await forgetSecrets(tx, spent.map(linkRef));
      });
    },
  };
}

/**
 * Rotates the session's tokens (docs/decisions/026): a new id token and a new refresh token; the
 * refresh token presented is retired. A retired token presented again was copied: the whole session
 * is revoked, so the thief and the owner both sign in again. Throttled per source.
 */
function refreshOperation({ db, settings }: AuthDeps, { tokenAttempt }: Throttles) {
  return async function refresh(refreshToken: string, ip: string): Promise<RefreshData> {
    const presented = hashToken(refreshToken);
    return tokenAttempt(
      "refresh",
      ip,
      async () => {
        const idToken = newToken();
        const nextRefreshToken = newToken();
        const expiresAt = new Date(Date.now() + settings.SESSION_TTL_SECONDS * 1000);
        const rotated = await db.transaction((tx) =>
          repo.rotateSessionTokens(tx, presented, {
            refreshTokenHash: hashToken(nextRefreshToken),
            idTokenHash: hashToken(idToken),
            expiresAt,
          }),
        );
        if (!rotated) {
          await repo.revokeFamilyOfRetired(db, presented);
          return undefined;
        }
        return {
          access_token: idToken,
          refresh_token: nextRefreshToken,
          expiresIn: String(settings.SESSION_TTL_SECONDS),
          expireDate: expiresAt.toISOString(),
        };
      },
      new AppError("SESSION_EXPIRED"),
    );
  };
}

/**
 * Resolves a bearer token to the caller, or throws UNAUTHENTICATED / SESSION_EXPIRED. Sessions are
 * cached until a sign-out, a revocation or a change to users or addresses (decision 017).
 */
function authenticateOperation({ db, settings, caches }: AuthDeps) {
  const findLiveSession = repo.prepareFindLiveSession(db);
  const liveSession = caches.keyed(["sessions", "users", "addresses"], async (idTokenHash: string) => {
    const session = await findLiveSession(idTokenHash);
    if (!session) return undefined;
    const isAdmin = isAdministrator(settings, session.auth_method, session.user_id, session.user_level_id);
    // A session opened to order for a practice (decision 042) is that practice's or nothing: it
    // never falls back to the administrator (practice gone, or the opener no longer an admin).
    if (session.acting_for_user_id !== null && (!isAdmin || session.acting_user_id === null)) return undefined;
    const user: SessionUser =
      session.acting_user_id !== null
        ? {
            // Acting for a practice (decision 042): the practice's identity and a practice's own rights.
            sessionId: session.id,
            userId: session.acting_user_id,
            customerId: session.customer_id,
            userLevelId: session.acting_level_id ?? USER_LEVEL.USER,
            departmentId: session.acting_department_id,
            isAdmin: false,
            authMethod: "address",
            state: session.acting_state,
            actingAdminId: session.user_id,
          }
        : {
            sessionId: session.id,
            userId: session.user_id,
            customerId: session.customer_id,
            userLevelId: session.user_level_id,
            departmentId: session.department_id,
            isAdmin,
            authMethod: session.auth_method,
            state: session.state,
          };
    return { user: Object.freeze(user), expiresAt: session.expires_at.getTime() };
  });
  return async function authenticate(idToken: string): Promise<SessionUser> {
    const session = await liveSession(hashToken(idToken));
    if (!session) throw new AppError("UNAUTHENTICATED");
    if (session.expiresAt <= Date.now()) throw new AppError("SESSION_EXPIRED");
    return session.user;
  };
}

/** What the caller may see and do (POST /api/useradmin/previlege). */
function privilegesOf(user: SessionUser): Privileges {
  // Address facts are public: an address session gets a practice's own privileges only; a
  // Manager's department scope needs a password sign-in (docs/decisions/012).
  const level = user.isAdmin
    ? USER_LEVEL.ADMINISTRATOR
    : user.authMethod === "password"
      ? Math.min(user.userLevelId, USER_LEVEL.MANAGER)
      : USER_LEVEL.USER;
  return {
    user_id: user.userId,
    user_level_id: level,
    user_level: USER_LEVELS.find((l) => l.id === level)?.name ?? "User",
    is_admin: user.isAdmin,
    privileges: LEVEL_PRIVILEGES[level] ?? [],
    sign_in_method: user.authMethod,
  };
}

/** Sign-in, sessions and their tokens, and passwords (docs/decisions/012, 026). */
export function createAuthService(deps: AuthDeps) {
  const throttles: Throttles = {
    attempt: createSignInThrottle(deps.db, deps.settings),
    tokenAttempt: createTokenThrottle(deps.db, deps.settings),
  };
  return {
    ...signInOperations(deps, throttles),
    ...passwordOperations(deps, throttles),
    refresh: refreshOperation(deps, throttles),
    ...actingOperations(deps),
    logout: (sessionId: number) => repo.revokeSession(deps.db, sessionId),
    authenticate: authenticateOperation(deps),
    privilegesOf,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
