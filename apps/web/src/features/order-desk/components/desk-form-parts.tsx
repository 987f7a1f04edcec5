import type { ChangeEvent } from "react";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";

const NOTE_MAX = 1000;

/**
 * A form unmounts when its change moves the order to another status (the actions are keyed by
 * it), which drops mutate()'s callbacks; mutateAsync's promise still settles. A failure already
 * got the global error toast; its field messages go under the fields (setServerErrors).
 */
export const ignore = () => undefined;

/** The note of a desk change, bound to the form's `note` (getInputProps). */
export function NoteField({
  label,
  ...input
}: {
  label: string;
  value?: string;
  onChange?: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  error?: unknown;
}) {
  return (
    <GrowingTextarea
      label={label}
      description="Shown in the order's history, which the practice sees too"
      minRows={2}
      maxRows={5}
      maxLength={NOTE_MAX}
      {...input}
      error={input.error as string | undefined}
    />
  );
}

/** An optional note: empty is left out of the request. */
export const optionalNote = (note: string) => note || undefined;
