import {
  type AddressLogin,
  LEVEL_PRIVILEGES,
  type LoginResponse,
  MESSAGES,
  type PasswordLogin,
  type Privileges,
  type Profile,
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
import { forgetSecrets, queueEmail } from "../mail/mail.service.ts";
import { passwordLinkMail } from "../mail/templates.ts";
import * as repo from "./auth.repository.ts";
import { createSignInThrottle, createTokenThrottle } from "./throttle.ts";

/** How a set-password link is named in the outbox message that carries it (mail's secret_ref). */
const linkRef = (id: number) => `password_token:${id}`;

/**
 * Spends a user's unspent set-password links and cuts them out of the stored messages, in the
 * caller's transaction (docs/decisions/026). With `unlessSentTo` (the user's email after a
 * change), a link sent to that same address survives: changing the email to a new address spends
 * every link sent to the old one.
 */
export async function voidPasswordLinks(tx: Executor, userId: number, unlessSentTo?: string) {
  const spent = await repo.spendPasswordTokensOf(tx, userId, unlessSentTo);
  await forgetSecrets(tx, spent.map(linkRef));
}

/**
 * Emails a user a one-time, expiring link to set their password (docs/decisions/012, 026), in the
 * caller's transaction: the token is stored only as its SHA-256 and bound to the address it goes
 * to, any older unspent link of the user stops working, and the token travels in the link's
 * fragment (`#token=`), which browsers never send to a server or a log.
 */
export async function issuePasswordLink(
  tx: Executor,
  config: Config,
  user: { id: number; email: string | null; first_name: string | null; user_level_id: number },
) {
  if (!user.email) {
    throw new AppError("VALIDATION_FAILED", "This user has no email address to send a link to.", {
      email: MESSAGES.emailRequired,
    });
  }
  const token = newToken();
  const hours = config.PASSWORD_LINK_TTL_HOURS;
  const expiresAt = new Date(Date.now() + hours * 3600 * 1000);
  await repo.lockUserForPasswordLink(tx, user.id);
  await voidPasswordLinks(tx, user.id);
  const id = await repo.insertPasswordToken(tx, {
    userId: user.id,
    email: user.email,
    tokenHash: hashToken(token),
    expiresAt,
  });
  const link = `${config.PUBLIC_URL}/set-password#token=${token}`;
  const isStaff = user.user_level_id === USER_LEVEL.ADMINISTRATOR || user.id === config.ADMIN_USER_ID;
  await queueEmail(tx, {
    to: [user.email],
    ...passwordLinkMail(user.first_name, link, hours, isStaff),
    kind: "password_link",
    secret_ref: linkRef(id),
    secret_expires_at: expiresAt,
  });
}

/** Changes a user's password and ends their other sessions (docs/decisions/012). */
export async function replacePassword(db: Database, userId: number, password: string, keepSessionId: number) {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const spent = await repo.replacePasswordHash(tx, userId, passwordHash, keepSessionId);
    await forgetSecrets(tx, spent.map(linkRef));
  });
}

export function createAuthService(db: Database, config: Config, caches: Caches) {
  const attempt = createSignInThrottle(db, config);
  const tokenAttempt = createTokenThrottle(db, config);
  const findLiveSession = repo.prepareFindLiveSession(db);
  const liveSession = caches.keyed(["sessions", "users", "addresses"], async (idTokenHash: string) => {
    const session = await findLiveSession(idTokenHash);
    if (!session) return undefined;
    const user: SessionUser = {
      sessionId: session.id,
      userId: session.user_id,
      customerId: session.customer_id,
      userLevelId: session.user_level_id,
      departmentId: session.department_id,
      isAdmin: isAdministrator(session.auth_method, session.user_id, session.user_level_id),
      authMethod: session.auth_method,
      state: session.state,
    };
    return { user: Object.freeze(user), expiresAt: session.expires_at.getTime() };
  });

  async function profileOf(userId: number): Promise<Profile> {
    const found = await repo.getUserWithFirstAddress(db, userId);
    if (!found) throw new AppError("UNAUTHENTICATED");
    const { user, address } = found;
    return {
      user_id: user.id,
      email: user.email,
      phone: user.phone,
      first_name: user.first_name,
      last_name: user.last_name,
      title: user.title,
      representation: user.representation,
      address: address
        ? {
            address_id: address.id,
            title: address.title,
            line1: address.line1,
            line2: address.line2,
            city: address.city,
            state: address.state,
            zip_code: address.zip_code,
            country: address.country,
          }
        : null,
    };
  }

  /** Administrator rights need a staff (password) sign-in and level 3, or the configured admin user id. */
  const isAdministrator = (authMethod: "address" | "password", userId: number, levelId: number) =>
    authMethod === "password" && (levelId === USER_LEVEL.ADMINISTRATOR || userId === config.ADMIN_USER_ID);

  async function openSession(userId: number, authMethod: "address" | "password"): Promise<LoginResponse> {
    const idToken = newToken();
    const refreshToken = newToken();
    const now = Date.now();
    const expiresAt = new Date(now + config.SESSION_TTL_SECONDS * 1000);
    await repo.createSession(db, {
      user_id: userId,
      customer_id: config.CUSTOMER_ID,
      id_token_hash: hashToken(idToken),
      refresh_token_hash: hashToken(refreshToken),
      auth_method: authMethod,
      expires_at: expiresAt,
      refresh_expires_at: new Date(now + config.REFRESH_TTL_SECONDS * 1000),
    });
    return {
      result: 1,
      profile: await profileOf(userId),
      access_token: idToken,
      data: refreshToken,
      expiresIn: String(config.SESSION_TTL_SECONDS),
      expireDate: expiresAt.toISOString(),
    };
  }

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
          if (input.customer_id !== undefined && input.customer_id !== config.CUSTOMER_ID) return undefined;
          const line1 = normalizeAddressLine(input.line1);
          const zip = normalizeForMatch(input.zip_code);
          const candidates = await repo.findPracticeAddresses(
            db,
            config.CUSTOMER_ID,
            practiceName,
            config.ADMIN_USER_ID,
          );
          return candidates.find(
            (c) => normalizeAddressLine(c.line1) === line1 && normalizeForMatch(c.zip_code) === zip,
          )?.id;
        },
        new AppError("INVALID_CREDENTIALS", MESSAGES.loginFailed),
      );
      return openSession(practiceId, "address");
    },

    /** Staff sign-in by email + password; the only way to administrator rights. */
    async signInByPassword(input: PasswordLogin, ip: string): Promise<LoginResponse> {
      const userId = await attempt(
        ip,
        `email:${input.email.toLowerCase()}`,
        async () => {
          const user = await repo.findUserByEmail(db, config.CUSTOMER_ID, input.email);
          return (await verifyPassword(user?.password_hash ?? null, input.password)) ? user?.id : undefined;
        },
        new AppError("INVALID_CREDENTIALS", MESSAGES.staffLoginFailed),
      );
      return openSession(userId, "password");
    },

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
            const spent = await repo.replacePasswordHash(tx, link.user_id, passwordHash);
            await forgetSecrets(tx, [link.id, ...spent].map(linkRef));
            return true;
          });
        },
        new AppError("NOT_FOUND", MESSAGES.passwordLinkInvalid),
      );
    },

    /**
     * Rotates the session's tokens (docs/decisions/026): a new id token and a new refresh token;
     * the refresh token presented is retired. A retired token presented again was copied: the whole
     * session is revoked, so the thief and the owner both sign in again. Throttled per source.
     */
    async refresh(refreshToken: string, ip: string): Promise<RefreshData> {
      const presented = hashToken(refreshToken);
      return tokenAttempt(
        "refresh",
        ip,
        async () => {
          const idToken = newToken();
          const nextRefreshToken = newToken();
          const expiresAt = new Date(Date.now() + config.SESSION_TTL_SECONDS * 1000);
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
            expiresIn: String(config.SESSION_TTL_SECONDS),
            expireDate: expiresAt.toISOString(),
          };
        },
        new AppError("SESSION_EXPIRED"),
      );
    },

    logout: (sessionId: number) => repo.revokeSession(db, sessionId),

    /**
     * Resolves a bearer token to the caller, or throws UNAUTHENTICATED / SESSION_EXPIRED. Sessions
     * are cached until a sign-out, a revocation or a change to users or addresses (decision 017).
     */
    async authenticate(idToken: string): Promise<SessionUser> {
      const session = await liveSession(hashToken(idToken));
      if (!session) throw new AppError("UNAUTHENTICATED");
      if (session.expiresAt <= Date.now()) throw new AppError("SESSION_EXPIRED");
      return session.user;
    },

    /** What the caller may see and do (POST /api/useradmin/previlege). */
    privilegesOf(user: SessionUser): Privileges {
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
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
