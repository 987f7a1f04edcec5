import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { useEffect } from "react";
import { useBlocker } from "react-router";

export const UNSAVED_MESSAGE = "You have changes that are not saved. Leave this page and lose them?";

/**
 * The unsaved-changes guard of an edit page: while `dirty`, leaving for another page in the app
 * asks first ("Leave without saving" / "Keep editing"), and closing or reloading the tab gets the
 * browser's own question. A save resets the form's dirty state first, so it leaves freely.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state !== "blocked") return;
    let leaving = false;
    modals.openConfirmModal({
      title: "Leave without saving?",
      children: <Text size="sm">{UNSAVED_MESSAGE}</Text>,
      labels: { confirm: "Leave without saving", cancel: "Keep editing" },
      confirmProps: { color: "red.9" },
      onConfirm: () => {
        leaving = true;
        blocker.proceed();
      },
      onClose: () => {
        if (!leaving) blocker.reset();
      },
    });
  }, [blocker]);
}
