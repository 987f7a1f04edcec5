import { Button, Group, VisuallyHidden } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { notifySuccess } from "../lib/notify.ts";
import { confirmAction } from "./confirm-action.tsx";

/** The buttons of a list row, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap={6} wrap="wrap">
      {children}
    </Group>
  );
}

/**
 * A list row's Modify: a link to the row's form. `name` completes the accessible name ("Modify
 * Paws Clinic"); `state` goes with the navigation (where Back returns to).
 */
export function ModifyButton({ to, name, state }: { to: string; name: string; state?: unknown }) {
  return (
    <Button component={Link} to={to} state={state} size="compact-sm" variant="light">
      Modify<VisuallyHidden> {name}</VisuallyHidden>
    </Button>
  );
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
        confirmAction({
          message,
          confirm: "Delete",
          keep: "Don't delete",
          onConfirm: () => onDelete().then(() => notifySuccess(done), ignoreFailure),
        })
      }
    >
      Delete<VisuallyHidden> {name}</VisuallyHidden>
    </Button>
  );
}
