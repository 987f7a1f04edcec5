import { type UseFormInput, type UseFormReturnType, useForm } from "@mantine/form";
import { useRef } from "react";

/**
 * After a failed submit, the first field with a message gets focus and is scrolled into view
 * (issue 22 §5), once React has rendered the messages. Looks inside `container` (the form) when
 * known, else in the whole page.
 */
export function focusFirstInvalid(container: ParentNode | null | undefined): void {
  requestAnimationFrame(() => {
    const field = (container ?? document).querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  });
}

/**
 * The form kit: @mantine/form's useForm, with the one behaviour every form of the web shares: a
 * submit the checks refuse, or a save the server refuses field by field (setErrors), moves focus
 * to the first field with a message. Forms validate with `schemaValidator` of a contract schema.
 */
export function useAppForm<Values extends Record<string, unknown>>(
  options: UseFormInput<Values>,
): UseFormReturnType<Values> {
  const form = useForm<Values>(options);
  const element = useRef<HTMLFormElement | null>(null);
  return {
    ...form,
    onSubmit: (handleSubmit, handleFailure) => (event) => {
      if (event?.currentTarget instanceof HTMLFormElement) element.current = event.currentTarget;
      const container = element.current;
      return form.onSubmit(handleSubmit, (errors, values, failedEvent) => {
        focusFirstInvalid(container);
        handleFailure?.(errors, values, failedEvent);
      })(event);
    },
    setErrors: (errors) => {
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) focusFirstInvalid(element.current);
    },
  };
}
