import { Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MESSAGES } from "@vetportal/contract";

/**
 * The spec's confirmation (SPEC §8): 'Are you sure?' with 'No, cancel' and 'Yes'. The action runs
 * only on Yes; what it reports afterwards is up to the caller, once the server has answered.
 */
export function confirmAction({ message, onConfirm }: { message: string; onConfirm: () => void }): void {
  modals.openConfirmModal({
    title: MESSAGES.confirmTitle,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: MESSAGES.confirmYes, cancel: MESSAGES.confirmNo },
    // red.9 carries white text at WCAG AA contrast.
    confirmProps: { color: "red.9" },
    onConfirm,
  });
}
