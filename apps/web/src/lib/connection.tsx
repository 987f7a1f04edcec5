import { Button, Group, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { onlineManager } from "@tanstack/react-query";

/**
 * A save made while the browser is offline (issue 22 §4, decision 037): said at once, not hidden
 * behind a spinner. The call waits for the connection and is sent when it returns — an order with
 * the same Idempotency-Key, so never twice — unless the user presses Stop, which sends nothing.
 * React Query's onlineManager is the one source of "online" (the browser's online/offline events).
 */

const NOTICE_ID = "connection-lost";

/** What happens when the connection returns, unless a call says better. */
export const DEFAULT_WHEN_ONLINE = "Your changes will be saved";

/** The message of a stopped save (an ApiError with code STOPPED). */
export const STOPPED_MESSAGE = "Stopped: nothing was sent.";

interface Waiter {
  whenOnline: string;
  resume: () => void;
  stop: () => void;
}

const waiters = new Set<Waiter>();

function stopAll(): void {
  for (const waiter of [...waiters]) waiter.stop();
}

function showNotice(): void {
  const [first] = waiters;
  const whenOnline = waiters.size === 1 && first ? first.whenOnline : DEFAULT_WHEN_ONLINE;
  const notice = {
    id: NOTICE_ID,
    color: "orange",
    title: "The connection is lost",
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{whenOnline} when it returns.</Text>
        <Button size="compact-sm" variant="outline" color="dark" onClick={stopAll}>
          Stop
        </Button>
      </Group>
    ),
    autoClose: false as const,
    withCloseButton: false,
  };
  // show() of an id already shown does nothing: update it instead.
  if (waiters.size > 1) notifications.update(notice);
  else notifications.show(notice);
}

function settle(waiter: Waiter): void {
  waiters.delete(waiter);
  if (waiters.size === 0) notifications.hide(NOTICE_ID);
}

onlineManager.subscribe((online) => {
  if (!online) return;
  for (const waiter of [...waiters]) waiter.resume();
});

/**
 * Resolves at once when online; otherwise shows the notice ("{whenOnline} when it returns", Stop)
 * and resolves when the connection returns, or rejects with `stopped()` when the user stops.
 */
export function waitForConnection(whenOnline: string, stopped: () => Error): Promise<void> {
  if (onlineManager.isOnline()) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const waiter: Waiter = {
      whenOnline,
      resume: () => {
        settle(waiter);
        resolve();
      },
      stop: () => {
        settle(waiter);
        reject(stopped());
      },
    };
    waiters.add(waiter);
    showNotice();
  });
}
