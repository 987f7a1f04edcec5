import { Button, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MESSAGES } from "@vetportal/contract";
import { notifySuccess } from "../lib/notify.ts";

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

/**
 * The row's buttons unmount when the list reloads without it, which drops mutate()'s callbacks;
 * the promise of mutateAsync still settles. A failure already got the global error toast.
 */
const ignoreFailure = () => undefined;

/**
 * A list row's Delete: confirmed first, then `onDelete` (a mutateAsync), then `done` as a success
 * toast. `name` completes the button's accessible name ("Delete Paws Clinic").
 */
export function DeleteButton({
  name,
  message,
  done,
  isPending,
  onDelete,
}: {
  name: string;
  message: string;
  done: string;
  isPending: boolean;
  onDelete: () => Promise<unknown>;
}) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color="red"
      loading={isPending}
      onClick={() =>
        confirmAction({ message, onConfirm: () => onDelete().then(() => notifySuccess(done), ignoreFailure) })
      }
    >
      Delete<VisuallyHidden> {name}</VisuallyHidden>
    </Button>
  );
}
