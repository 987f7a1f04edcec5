import { RefreshResponseSchema } from "@vetportal/contract";
import { getSession, readStoredTokens, replaceTokens } from "./session.ts";

/**
 * Refreshing the session with the refresh token (SPEC §4 "Token refresh", decisions 022 and 026), so
 * nobody is signed out in the middle of an order. Every refresh rotates both tokens: the old id
 * token stops working at once, and the old refresh token is retired — sending it again ends the
 * session for everyone (reuse detection). Every tab of a browser shares one stored session, so tabs
 * take turns: a Web Lock lets one tab refresh at a time, and a tab that gets the lock after another
 * tab refreshed adopts the stored tokens instead of refreshing with its retired refresh token. A
 * request that was sent with a token replaced meanwhile is sent again with the new one
 * (api-client.ts).
 */

/**
 * How long before its expiry an id token is refreshed: 10 minutes, or half its lifetime when that
 * is shorter (so a fresh token is never due for a refresh at once). The boot script applies the same
 * rule (build/boot-preload.ts): it sends no first data with a token about to be refreshed.
 */
export function refreshAheadMs(expiresIn: string): number {
  const lifetime = Number(expiresIn) * 1000;
  return Number.isFinite(lifetime) && lifetime > 0 ? Math.min(10 * 60 * 1000, lifetime / 2) : 10 * 60 * 1000;
}

const LOCK_NAME = "vetportal-session-refresh";

/**
 * - refreshed: the session has a fresh id token (this tab's refresh or another tab's).
 * - refused: the server no longer accepts the refresh token (revoked, expired, user inactive).
 * - failed: the server could not be asked (offline, 5xx); the session is unchanged.
 */
export type RefreshOutcome = "refreshed" | "refused" | "failed";

let inFlight: Promise<RefreshOutcome> | null = null;

async function refreshNow(): Promise<RefreshOutcome> {
  const before = getSession()?.session;
  if (!before?.refreshToken) return "refused";
  // Another tab may have refreshed meanwhile: its tokens are stored, and its refresh token is the
  // only one the server still accepts (this tab's was retired by that refresh, decision 026).
  const stored = readStoredTokens();
  if (stored && (stored.idToken !== before.idToken || stored.refreshToken !== before.refreshToken)) {
    replaceTokens(stored);
    if (Date.parse(stored.expireDate) - Date.now() > refreshAheadMs(stored.expiresIn)) return "refreshed";
  }
  const session = getSession()?.session;
  if (!session?.refreshToken) return "refused";
  let response: Response;
  try {
    response = await fetch("/api/auth/refresh", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ refresh_token: session.refreshToken }),
    });
  } catch {
    return "failed";
  }
  if (response.status === 401 || response.status === 400) return "refused";
  if (!response.ok) return "failed";
  const parsed = RefreshResponseSchema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) return "failed";
  // Signed out (or in as someone else) while the answer was on its way: it is not this session's.
  if (getSession()?.session.refreshToken !== session.refreshToken) return "refused";
  const { access_token, refresh_token, expireDate, expiresIn } = parsed.data.data;
  replaceTokens({ idToken: access_token, refreshToken: refresh_token, expireDate, expiresIn });
  return "refreshed";
}

/** Refreshes the session's id token, one tab at a time; concurrent calls in one tab share one refresh. */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!inFlight) {
    const run: Promise<RefreshOutcome> =
      typeof navigator !== "undefined" && navigator.locks
        ? // The lock is held until the refresh settles; then() unwraps the callback's promise for the type.
          navigator.locks.request(LOCK_NAME, refreshNow).then((outcome) => outcome)
        : refreshNow();
    inFlight = run.finally(() => {
      inFlight = null;
    });
  }
  return inFlight;
}
