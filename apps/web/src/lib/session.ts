import {
  type Privileges,
  PrivilegesSchema,
  type Profile,
  ProfileSchema,
  STORAGE_KEYS,
  type StoredSession,
  StoredSessionSchema,
} from "@vetportal/contract";
import { useSyncExternalStore } from "react";
import type { z } from "zod";

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
const listeners = new Set<() => void>();

function readKey<T extends z.ZodType>(key: string, schema: T): z.infer<T> | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

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

function readStorage(): SessionState | null {
  const session = readKey(STORAGE_KEYS.session, StoredSessionSchema);
  if (!session?.idToken || isSessionExpired(session)) return null;
  return {
    session,
    profile: readKey(STORAGE_KEYS.profile, ProfileSchema),
    privileges: readKey(STORAGE_KEYS.privileges, PrivilegesSchema),
  };
}

/**
 * Application start (SPEC §4 "Session"): restore a stored, unexpired session; anything expired or
 * unreadable is a logout, so the three keys are cleared.
 */
export function initSession(): void {
  current = readStorage();
  if (!current) removeKeys();
  // Another tab signing in or out changes what this tab may show.
  window.addEventListener("storage", (event) => {
    if (event.key !== null && !Object.values<string>(STORAGE_KEYS).includes(event.key)) return;
    current = readStorage();
    emit();
  });
}

export function getSession(): SessionState | null {
  return current;
}

export function getIdToken(): string | null {
  return current?.session.idToken ?? null;
}

export function saveSession(state: SessionState): void {
  localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(state.session));
  localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(state.profile));
  localStorage.setItem(STORAGE_KEYS.privileges, JSON.stringify(state.privileges));
  current = state;
  emit();
}

/** Local half of a logout: remove the stored session, profile and privileges. True if there was one. */
export function clearSession(): boolean {
  removeKeys();
  if (current === null) return false;
  current = null;
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
