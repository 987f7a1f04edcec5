import { type ActingFor, ActingSessionSchema, PrivilegesSchema, type StoredSession } from "@vetportal/contract";
import { useSyncExternalStore } from "react";
import { z } from "zod";
import { apiData } from "../../../lib/api-client.ts";
import { clearLocalCart } from "../../../lib/cart-store.ts";
import { getSession, type SessionState, saveSession, subscribeSession } from "../../../lib/session.ts";

/**
 * Ordering on a practice's behalf (decision 042), in the browser: the administrator's own session
 * is kept aside under ACTING_KEY while the session the server opened for the practice is the
 * stored one; every page then runs as the practice. Stop ends that session and brings the
 * administrator's back. The server decides what the session may do, never this file.
 */
export const ACTING_KEY = "actingFor";

const StashSchema = z.object({
  acting: z.custom<ActingFor>((v) => typeof v === "object" && v !== null && "practice_name" in v),
  admin: z.custom<SessionState>((v) => typeof v === "object" && v !== null && "session" in v),
});
type Stash = z.infer<typeof StashSchema>;

let cached: { raw: string | null; stash: Stash | null } = { raw: null, stash: null };

/** The stash, when the stored session is the one it was opened for. */
function readStash(): Stash | null {
  const raw = localStorage.getItem(ACTING_KEY);
  if (raw !== cached.raw) {
    let stash: Stash | null = null;
    try {
      // Nothing stashed (every practice's page): no schema to build.
      const parsed = raw === null ? { success: false as const } : StashSchema.safeParse(JSON.parse(raw));
      stash = parsed.success ? parsed.data : null;
    } catch {
      stash = null;
    }
    cached = { raw, stash };
  }
  const stash = cached.stash;
  return stash && getSession()?.session.userid === stash.acting.user_id ? stash : null;
}

/** The practice this browser is ordering for, and the administrator, or null. */
export function getActing(): ActingFor | null {
  return readStash()?.acting ?? null;
}

export function useActing(): ActingFor | null {
  return useSyncExternalStore(subscribeSession, getActing);
}

/**
 * POST /api/orderfor/start with the administrator's token: the server opens a session acting for
 * the practice; it becomes this browser's session, with the practice's (server-checked)
 * privileges, and the practice's own cart from the server (the local copy is emptied first).
 */
export async function startActing(userId: number): Promise<ActingFor> {
  const admin = getSession();
  if (!admin) throw new Error("not signed in");
  const opened = await apiData("/api/orderfor/start", { body: { user_id: userId }, schema: ActingSessionSchema });
  const privileges = await apiData("/api/useradmin/previlege", {
    body: {},
    schema: PrivilegesSchema,
    token: opened.access_token,
  });
  const { acting } = opened;
  const session: StoredSession = {
    displayName: acting.practice_name,
    username: acting.profile.email ?? acting.practice_name,
    expireDate: opened.expireDate,
    expiresIn: opened.expiresIn,
    userid: acting.user_id,
    idToken: opened.access_token,
    refreshToken: opened.refresh_token,
    registered: true,
  };
  localStorage.setItem(ACTING_KEY, JSON.stringify({ acting, admin } satisfies Stash));
  clearLocalCart();
  saveSession({ session, profile: acting.profile, privileges });
  return acting;
}

/**
 * Stop acting: the server ends the practice's session (a failure there changes nothing here: the
 * session ends when it expires), this browser's copy of the practice's cart is forgotten (the
 * server keeps it for the practice), and the administrator's own session is back. False when this
 * browser was not acting.
 */
export async function stopActing(): Promise<boolean> {
  const stash = readStash();
  if (!stash) return false;
  await apiData("/api/orderfor/stop", { body: {}, schema: z.boolean() }).catch(() => undefined);
  localStorage.removeItem(ACTING_KEY);
  clearLocalCart();
  saveSession(stash.admin);
  return true;
}
