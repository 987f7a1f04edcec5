import { createHash, randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import {
  type AddressLogin,
  LEVEL_PRIVILEGES,
  type LoginResponse,
  MESSAGES,
  type PasswordLogin,
  type Privileges,
  type Profile,
  USER_LEVEL,
  USER_LEVELS,
} from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import type { SessionUser } from "../../types/fastify.d.ts";
import * as repo from "./auth.repository.ts";

/** Matching of practice name, address line and zip ignores case, spacing and punctuation (DESIGN §5). */
export function normalizeForMatch(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/** USPS street-suffix and direction abbreviations: "120 Market St." matches "120 Market Street". */
const ADDRESS_WORDS: Record<string, string> = {
  street: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  boulevard: "blvd",
  drive: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  suite: "ste",
  highway: "hwy",
  parkway: "pkwy",
  square: "sq",
  terrace: "ter",
  circle: "cir",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
};
export function normalizeAddressLine(value: string): string {
  return normalizeForMatch(value)
    .split(" ")
    .map((word) => ADDRESS_WORDS[word] ?? word)
    .join(" ");
}

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const newToken = () => randomBytes(32).toString("base64url");

/** argon2id (the library's default algorithm). */
export const hashPassword = (password: string) => hash(password);

// Verified against when the email is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = hash("not-a-real-password-1");

export function createAuthService(db: Database, config: Config) {
  /**
   * Sign-in throttling (DESIGN §5), shared by every API process through the database: every
   * attempt counts against the caller's IP; failed attempts count against the practice or email.
   */
  async function throttle(ip: string, account: string) {
    const window = config.LOGIN_RATE_WINDOW_SECONDS;
    const byIp = await repo.hitRateLimit(db, `login:ip:${ip}`, window);
    const failures = await repo.peekRateLimit(db, `login:account:${account}`, window);
    if (byIp > config.LOGIN_RATE_LIMIT_PER_IP || failures >= config.LOGIN_RATE_LIMIT_PER_ACCOUNT) {
      throw new AppError("RATE_LIMITED", MESSAGES.loginRateLimited);
    }
    return {
      failed: async (message: string): Promise<never> => {
        await repo.hitRateLimit(db, `login:account:${account}`, window);
        throw new AppError("INVALID_CREDENTIALS", message);
      },
    };
  }

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
    /** Practice sign-in by practice name + first address line + zip. Never grants administrator rights. */
    async signInByAddress(input: AddressLogin, ip: string): Promise<LoginResponse> {
      const practiceName = normalizeForMatch(input.address_name);
      const attempt = await throttle(ip, `practice:${practiceName}`);
      if (input.customer_id !== undefined && input.customer_id !== config.CUSTOMER_ID) {
        return attempt.failed(MESSAGES.loginFailed);
      }
      const line1 = normalizeAddressLine(input.line1);
      const zip = normalizeForMatch(input.zip_code);
      const candidates = await repo.findPracticeAddresses(db, config.CUSTOMER_ID, practiceName);
      const practice = candidates.find(
        (c) => normalizeAddressLine(c.line1) === line1 && normalizeForMatch(c.zip_code) === zip,
      );
      if (!practice) return attempt.failed(MESSAGES.loginFailed);
      return openSession(practice.id, "address");
    },

    /** Staff sign-in by email + password; the only way to administrator rights. */
    async signInByPassword(input: PasswordLogin, ip: string): Promise<LoginResponse> {
      const attempt = await throttle(ip, `email:${input.email.toLowerCase()}`);
      const user = await repo.findUserByEmail(db, config.CUSTOMER_ID, input.email);
      if (!user?.password_hash) {
        await verify(await DUMMY_HASH, input.password);
        return attempt.failed(MESSAGES.staffLoginFailed);
      }
      if (!(await verify(user.password_hash, input.password))) return attempt.failed(MESSAGES.staffLoginFailed);
      return openSession(user.id, "password");
    },

    async refresh(refreshToken: string) {
      const idToken = newToken();
      const expiresAt = new Date(Date.now() + config.SESSION_TTL_SECONDS * 1000);
      const rotated = await repo.rotateIdToken(db, hashToken(refreshToken), hashToken(idToken), expiresAt);
      if (!rotated) throw new AppError("SESSION_EXPIRED");
      return {
        access_token: idToken,
        expiresIn: String(config.SESSION_TTL_SECONDS),
        expireDate: expiresAt.toISOString(),
      };
    },

    logout: (sessionId: number) => repo.revokeSession(db, sessionId),

    /** Resolves a bearer token to the caller, or throws UNAUTHENTICATED / SESSION_EXPIRED. */
    async authenticate(idToken: string): Promise<SessionUser> {
      const session = await repo.findLiveSession(db, hashToken(idToken));
      if (!session) throw new AppError("UNAUTHENTICATED");
      if (session.expires_at.getTime() <= Date.now()) throw new AppError("SESSION_EXPIRED");
      return {
        sessionId: session.id,
        userId: session.user_id,
        customerId: session.customer_id,
        userLevelId: session.user_level_id,
        departmentId: session.department_id,
        isAdmin: isAdministrator(session.auth_method, session.user_id, session.user_level_id),
        authMethod: session.auth_method,
      };
    },

    /** What the caller may see and do (POST /api/useradmin/previlege). */
    privilegesOf(user: SessionUser): Privileges {
      // A practice signed in by address is capped below administrator (DESIGN §5).
      const level = user.isAdmin ? USER_LEVEL.ADMINISTRATOR : Math.min(user.userLevelId, USER_LEVEL.MANAGER);
      return {
        user_id: user.userId,
        user_level_id: level,
        user_level: USER_LEVELS.find((l) => l.id === level)?.name ?? "User",
        is_admin: user.isAdmin,
        privileges: LEVEL_PRIVILEGES[level] ?? [],
      };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
