import { type Privileges, type Profile, STORAGE_KEYS, type StoredSession } from "@vetportal/contract";
import { useSyncExternalStore } from "react";
import { markWritten, parseJson, readMarked } from "./storage-mark.ts";

/**
 * The signed-in state lives in localStorage under the spec's keys (SPEC §3: userDetails, PROFILE,
 * privileges) and is mirrored here so React can subscribe to it. Authentication is decided by the
 * presence of an idToken (SPEC §2).
 */
export interface SessionState {
  session: StoredSession;
  profile: Profile | null;
  privileges: Privileges | null;
}

let current: SessionState | null = null;
let restoreFailure: unknown = null;
/** initSession's work, while and after it runs. */
let restoring: Promise<void> | undefined;
/** The last session ended by the user's own Logout (not an expiry, a revocation or another tab). */
let endedByUser = false;
const listeners = new Set<() => void>();

function removeKeys(): void {
  localStorage.removeItem(STORAGE_KEYS.session);
  localStorage.removeItem(STORAGE_KEYS.profile);
  localStorage.removeItem(STORAGE_KEYS.privileges);
}

function emit(): void {
  for (const listener of listeners) listener();
}

export function isSessionExpired(session: StoredSession, now = Date.now()): boolean {
  const expiresAt = Date.parse(session.expireDate);
  return Number.isNaN(expiresAt) || expiresAt <= now;
}

/** The stored session's keys, in the order its mark covers them (storage-mark.ts). */
const SESSION_KEYS = [STORAGE_KEYS.session, STORAGE_KEYS.profile, STORAGE_KEYS.privileges] as const;

/**
 * The stored session, profile and privileges. What this build wrote is read as it is (decision
 * 054); anything else is checked against its contract schema (then `checked`). The schemas (and
 * zod with them) load only then, so neither a signed-out first visit (decision 016) nor a signed-in
 * one by this build's own session builds them.
 */
async function readStorage(): Promise<{ state: SessionState | null; checked: boolean }> {
  const { values, written } = readMarked(localStorage, SESSION_KEYS);
  const [rawSession, rawProfile, rawPrivileges] = values;
  if (rawSession === null) return { state: null, checked: false };
  if (written) {
    const session = parseJson(rawSession) as StoredSession | null;
    if (typeof session?.idToken !== "string" || !session.idToken || isSessionExpired(session)) {
      return { state: null, checked: false };
    }
    const state = {
      session,
      profile: parseJson(rawProfile) as Profile | null,
      privileges: parseJson(rawPrivileges) as Privileges | null,
    };
    return { state, checked: false };
  }
  const { checkStored } = await import("./session-schemas.ts");
  const { session, profile, privileges } = checkStored(rawSession, rawProfile, rawPrivileges);
  if (!session?.idToken || isSessionExpired(session)) return { state: null, checked: true };
  const state = { session, profile, privileges };
  return { state, checked: true };
}

/**
 * Application start (SPEC §4 "Session"): restore a stored, unexpired session; anything expired or
 * unreadable is a logout, so the three keys are cleared. Resolves before the first route decision.
 */
export function initSession(): Promise<void> {
  restoring = restore();
  return restoring;
}

/** Resolves once initSession has restored (or dropped) the stored session: the token is known then. */
export function sessionRestored(): Promise<void> {
  return restoring ?? Promise.resolve();
}

async function restore(): Promise<void> {
  try {
    const { state, checked } = await readStorage();
    current = state;
    if (!current) removeKeys();
    // What passed the check is written back under this build's mark, so the next start reads it
    // as it is. Only here: a tab on another build does the same, and two tabs writing back what
    // the other's storage event showed them would never stop.
    else if (checked) save(current);
  } catch (error) {
    // The schemas' chunk did not download: the stored session is neither trusted nor thrown away;
    // the route guard shows the reload page (getRestoreFailure).
    restoreFailure = error;
  }
  // Another tab signing in or out changes what this tab may show.
  window.addEventListener("storage", (event) => {
    if (event.key !== null && !Object.values<string>(STORAGE_KEYS).includes(event.key)) return;
    void readStorage().then(({ state }) => {
      current = state;
      emit();
    });
  });
}

/** Why the stored session could not be checked at start-up (a chunk that did not load), if it could not. */
export function getRestoreFailure(): unknown {
  return restoreFailure;
}

export function getSession(): SessionState | null {
  return current;
}

export function getIdToken(): string | null {
  return current?.session.idToken ?? null;
}

/**
 * The tokens of a session: what a refresh replaces. The server rotates the refresh token with the
 * id token (decision 026), so both are replaced together.
 */
export interface SessionTokens {
  idToken: string;
  refreshToken: string;
  expireDate: string;
  expiresIn: string;
}

/**
 * The tokens of the session stored right now, read from localStorage itself: another tab may have
 * refreshed them a moment ago, before this tab has handled its storage event. Null when none, or
 * when the stored session is not this tab's user's (another sign-in). The refresh token is not
 * compared: a refresh in another tab rotated it (decision 026), and the stored one is the only one
 * the server still accepts.
 */
export function readStoredTokens(): SessionTokens | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? "null") as Partial<StoredSession> | null;
    const { idToken, expireDate, expiresIn, refreshToken, userid } = stored ?? {};
    if (current === null || userid !== current.session.userid) return null;
    if (
      typeof idToken === "string" &&
      idToken &&
      typeof refreshToken === "string" &&
      refreshToken &&
      typeof expireDate === "string" &&
      typeof expiresIn === "string"
    ) {
      return { idToken, refreshToken, expireDate, expiresIn };
    }
  } catch {
    // Unreadable: none.
  }
  return null;
}

/** Refreshed tokens with their new expiry: stored, so every tab of this browser uses them. */
export function replaceTokens(tokens: SessionTokens): void {
  if (!current) return;
  const session: StoredSession = { ...current.session, ...tokens };
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(session));
  markWritten(localStorage, SESSION_KEYS);
  current = { ...current, session };
  emit();
}

/** Whether the last session was ended by the user's own Logout (then /login needs no page to return to). */
export function wasSignedOutByUser(): boolean {
  return endedByUser;
}

/** Stores a session this build made or checked, under this build's mark. */
function save(state: SessionState): void {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(state.session));
  localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(state.profile));
  localStorage.setItem(STORAGE_KEYS.privileges, JSON.stringify(state.privileges));
  markWritten(localStorage, SESSION_KEYS);
}

export function saveSession(state: SessionState): void {
  save(state);
  current = state;
  restoreFailure = null;
  endedByUser = false;
  emit();
}

/**
 * Local half of a logout: remove the stored session, profile and privileges. True if there was one.
 * `byUser`: the user pressed Logout (sign-in then starts afresh rather than returning to the page).
 */
export function clearSession(byUser = false): boolean {
  removeKeys();
  if (current === null) return false;
  current = null;
  endedByUser = byUser;
  emit();
  return true;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState | null {
  return useSyncExternalStore(subscribeSession, getSession);
}
