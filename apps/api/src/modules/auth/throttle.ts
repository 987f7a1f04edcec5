import { MESSAGES } from "@vetportal/contract";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../lib/app-error.ts";
import * as repo from "./auth.repository.ts";

/** The settings the throttles read. */
export type ThrottleSettings = Pick<
  Config,
  | "LOGIN_RATE_WINDOW_SECONDS"
  | "LOGIN_RATE_LIMIT_PER_IP"
  | "LOGIN_RATE_LIMIT_PER_ACCOUNT"
  | "LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL"
  | "REFRESH_RATE_LIMIT_PER_IP"
  | "PASSWORD_LINK_RATE_LIMIT_PER_IP"
  | "TOKEN_RATE_WINDOW_SECONDS"
>;

/**
 * Throttling of everything that checks a secret (sign-in, the current password on a password
 * change), shared by every API process through the database (docs/decisions/003):
 * - every attempt counts against the source IP (`LOGIN_RATE_LIMIT_PER_IP`);
 * - failures count against the account from that source (`LOGIN_RATE_LIMIT_PER_ACCOUNT`), so a
 *   stranger guessing from elsewhere cannot lock the rightful user out;
 * - failures also count against the account from everywhere; past `LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL`
 *   only a source without a failure on the account may still try, one attempt at a time.
 *
 * The attempt is counted before the secret is checked, in one statement, so a burst of concurrent
 * guesses cannot all be checked; a success takes its account hits back.
 */
export function createSignInThrottle(db: Database, config: ThrottleSettings) {
  return async function attempt<T>(
    ip: string,
    account: string,
    check: () => Promise<T | undefined>,
    failure: AppError,
  ): Promise<T> {
    const keys = {
      ip: `login:ip:${ip}`,
      source: `login:account-source:${JSON.stringify([account, ip])}`,
      account: `login:account:${account}`,
    };
    const counts = await repo.hitRateLimits(db, Object.values(keys), config.LOGIN_RATE_WINDOW_SECONDS);
    const count = (key: string) => counts.get(key) ?? 1;
    const fromSource = count(keys.source);
    if (
      count(keys.ip) > config.LOGIN_RATE_LIMIT_PER_IP ||
      fromSource > config.LOGIN_RATE_LIMIT_PER_ACCOUNT ||
      (count(keys.account) > config.LOGIN_RATE_LIMIT_PER_ACCOUNT_GLOBAL && fromSource > 1)
    ) {
      throw new AppError("RATE_LIMITED", MESSAGES.loginRateLimited);
    }
    let result: T | undefined;
    try {
      result = await check();
    } catch (error) {
      // Not a wrong secret (the database failed, say): it must not count as one.
      await repo.refundRateLimits(db, [keys.source, keys.account]).catch(() => undefined);
      throw error;
    }
    if (result === undefined) throw failure;
    await repo.refundRateLimits(db, [keys.source, keys.account]);
    return result;
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/**
 * Throttling of the public token routes (docs/decisions/026): a refresh and the use or check of a
 * set-password link. Each kind counts per source (IP) with a limit of its own
 * (`REFRESH_RATE_LIMIT_PER_IP`, `PASSWORD_LINK_RATE_LIMIT_PER_IP`, per `TOKEN_RATE_WINDOW_SECONDS`),
 * not the sign-in limits, which operators raise behind a shared proxy. Counted before the token is
 * looked at (one statement, decision 003); a token that works takes its hit back, so only made-up,
 * spent or stolen tokens use the allowance up.
 */
export function createTokenThrottle(db: Database, config: ThrottleSettings) {
  const limits = {
    refresh: () => config.REFRESH_RATE_LIMIT_PER_IP,
    "password-link": () => config.PASSWORD_LINK_RATE_LIMIT_PER_IP,
  };
  return async function attempt<T>(
    kind: keyof typeof limits,
    ip: string,
    check: () => Promise<T | undefined>,
    failure: AppError,
  ): Promise<T> {
    const key = `token:${kind}:ip:${ip}`;
    const counts = await repo.hitRateLimits(db, [key], config.TOKEN_RATE_WINDOW_SECONDS);
    if ((counts.get(key) ?? 1) > limits[kind]()) throw new AppError("RATE_LIMITED", MESSAGES.tokenRateLimited);
    let result: T | undefined;
    try {
      result = await check();
    } catch (error) {
      await repo.refundRateLimits(db, [key]).catch(() => undefined);
      throw error;
    }
    if (result === undefined) throw failure;
    await repo.refundRateLimits(db, [key]);
    return result;
  };
}
