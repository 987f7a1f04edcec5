import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MESSAGES } from "@vetportal/contract";

/**
 * The confirmation before a step that cannot be undone (SPEC §8 'Are you sure?'). Its two buttons
 * name what they do — "Cancel order" / "Keep order", not "Yes" / "No, cancel" (issue 22 §6). The
 * action runs only on `confirm`; what it reports afterwards is up to the caller, once the server
 * has answered.
 */
export function confirmAction({
  message,
  confirm,
  keep,
  onConfirm,
}: {
  message: string;
  /** The button that does it, named by the action: "Cancel order", "Delete user". */
  confirm: string;
  /** The button that leaves things as they are: "Keep order", "Keep user". */
  keep: string;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title: MESSAGES.confirmTitle,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm, cancel: keep },
    // red.9 carries white text at WCAG AA contrast.
    confirmProps: { color: "red.9" },
    onConfirm,
  });
}
