import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";

/**
 * A save made while the browser is offline (issue 22 §4, decision 037): said at once, not hidden
 * behind a spinner. The call waits for the connection and is sent when it returns — an order with
 * the same Idempotency-Key, so never twice — unless the user presses Stop, which sends nothing.
 * React Query's onlineManager is the one source of "online" (the browser's online/offline events).
 * The notice (components/connection-notice.tsx) is part of the page shell, not a lazily loaded
 * toast, since offline no further chunk can load.
 */

/** What happens when the connection returns, unless a call says better. */
export const DEFAULT_WHEN_ONLINE = "Your changes will be saved";

/** The message of a stopped save (an ApiError with code STOPPED). */
export const STOPPED_MESSAGE = "Stopped: nothing was sent.";

interface Waiter {
  whenOnline: string;
  resume: () => void;
  stop: () => void;
}

let waiters: readonly Waiter[] = [];
const listeners = new Set<() => void>();

function setWaiters(next: readonly Waiter[]): void {
  waiters = next;
  for (const listener of listeners) listener();
}

onlineManager.subscribe((online) => {
  if (!online) return;
  for (const waiter of waiters) waiter.resume();
});

/** Stops every save waiting for the connection: none of them is sent. */
export function stopWaitingSaves(): void {
  for (const waiter of waiters) waiter.stop();
}

/** What the notice says while saves wait: null when none does. */
export function useWaitingSaves(): string | null {
  const current = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiters,
  );
  if (current.length === 0) return null;
  return current.length === 1 ? (current[0]?.whenOnline ?? DEFAULT_WHEN_ONLINE) : DEFAULT_WHEN_ONLINE;
}

/**
 * Resolves at once when online or when no notice is shown; otherwise the notice says "{whenOnline} when it returns" with
 * Stop, and this resolves when the connection returns, or rejects with `stopped()` on Stop.
 */
export function waitForConnection(whenOnline: string, stopped: () => Error): Promise<void> {
  // Where no notice is on the page (the sign-in and sign-up pages), the call goes at once and its
  // failure says the portal could not be reached: never a silent wait.
  if (onlineManager.isOnline() || listeners.size === 0) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const settle = () => setWaiters(waiters.filter((w) => w !== waiter));
    const waiter: Waiter = {
      whenOnline,
      resume: () => {
        settle();
        resolve();
      },
      stop: () => {
        settle();
        reject(stopped());
      },
    };
    setWaiters([...waiters, waiter]);
  });
}
