import { MESSAGES } from "@vetportal/contract";
import { useEffect } from "react";
import { notifyError } from "../../../lib/notify.ts";
import { useSession } from "../../../lib/session.ts";
import { useLogout } from "../api/logout.ts";

/** setTimeout holds at most 2^31-1 ms (~24.8 days); longer waits are done in steps. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Automatic logout at the session's expiry time (SPEC §4 "Session"). Renders nothing. */
export function SessionExpiry() {
  const expireDate = useSession()?.session.expireDate;
  const logout = useLogout();

  useEffect(() => {
    if (!expireDate) return;
    const expiresAt = Date.parse(expireDate);
    let timer: number | undefined;
    const check = () => {
      const remaining = expiresAt - Date.now();
      if (Number.isNaN(remaining) || remaining <= 0) {
        notifyError(MESSAGES.sessionExpired, "Signed out");
        logout();
        return;
      }
      timer = window.setTimeout(check, Math.min(remaining, MAX_TIMEOUT_MS));
    };
    check();
    return () => window.clearTimeout(timer);
  }, [expireDate, logout]);

  return null;
}
