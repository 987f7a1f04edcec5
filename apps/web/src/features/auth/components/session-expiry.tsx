import { MESSAGES } from "@vetportal/contract";
import { useEffect } from "react";
import { notifyError } from "../../../lib/notify.ts";
import { clearSession, useSession } from "../../../lib/session.ts";
import { refreshAheadMs, refreshSession } from "../../../lib/session-refresh.ts";

/** setTimeout holds at most 2^31-1 ms (~24.8 days); longer waits are done in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;
/** After a refresh the server could not answer (offline, 503), the next try. */
const RETRY_MS = 30_000;

/**
 * Keeps the session alive (decision 022): shortly before (refreshAheadMs) the id token expires it is
 * refreshed with the refresh token, so nobody is signed out in the middle of an order. Only when
 * the server refuses the refresh token (revoked, expired after 30 days), or the token expires while
 * the server cannot be reached, is the user signed out (SPEC §4 "Session"); /login then offers to
 * return to the page. A timer that fires late (a sleeping laptop) still refreshes: the refresh
 * token outlives the id token. Renders nothing.
 */
export function SessionExpiry() {
  const session = useSession()?.session;
  const expireDate = session?.expireDate;
  const expiresIn = session?.expiresIn ?? "";

  useEffect(() => {
    if (!expireDate) return;
    const expiresAt = Date.parse(expireDate);
    let timer: number | undefined;
    let stopped = false;

    const signOut = () => {
      if (clearSession()) notifyError(MESSAGES.sessionExpired, "Signed out");
    };

    const check = async () => {
      if (Number.isNaN(expiresAt)) return signOut();
      const untilRefresh = expiresAt - refreshAheadMs(expiresIn) - Date.now();
      if (untilRefresh > 0) {
        timer = window.setTimeout(check, Math.min(untilRefresh, MAX_TIMEOUT_MS));
        return;
      }
      const outcome = await refreshSession();
      // A new expiry re-runs this effect; a sign-out unmounts it.
      if (stopped || outcome === "refreshed") return;
      if (outcome === "refused" || Date.now() >= expiresAt) return signOut();
      timer = window.setTimeout(check, Math.min(RETRY_MS, Math.max(expiresAt - Date.now(), 0)));
    };
    void check();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [expireDate, expiresIn]);

  return null;
}
