import { Checkbox, ComboboxChevron, Input } from "@mantine/core";
import { type ChangeEvent, type CSSProperties, type ReactNode, useId } from "react";

/*
 * Mantine's NativeSelect, TextInput and Checkbox at their default size, drawn as the plain elements
 * Mantine itself renders, with its own class names (its `classes`) and the CSS variables its
 * components set: the same look, without a component's props, hooks and style resolution per
 * field. For a page whose first render is mostly a form of many such fields (the order report's
 * filter: decision 034, lever 63). `plain-fields.test.tsx` renders each beside the Mantine
 * component it copies and compares the two, so a Mantine upgrade that changes them fails there.
 */

/** CSS variables as a style (React's types name only properties). */
const vars = (variables: Record<string, string>) => variables as CSSProperties;

const INPUT_VARS = { "--input-height": "var(--input-height-sm)", "--input-fz": "var(--mantine-font-size-sm)" };
const LABEL_VARS = vars({ "--input-label-size": "var(--mantine-font-size-sm)" });
const DESCRIPTION_VARS = vars({
  "--input-description-size": "calc(var(--mantine-font-size-sm) - calc(0.125rem * var(--mantine-scale)))",
});

interface FieldProps {
  label: string;
  /** A line under the input. */
  description?: string;
  children: (id: string, describedBy: string | undefined) => ReactNode;
  /** What sits at the input's right, not taking clicks (a select's arrows). */
  rightSection?: ReactNode;
}

function Field({ label, description, children, rightSection }: FieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={Input.classes.root} data-size="sm">
      <label style={LABEL_VARS} className={Input.classes.label} data-size="sm" htmlFor={id} id={`${id}-label`}>
        {label}
      </label>
      <div
        style={vars({
          ...(description ? { "--input-margin-bottom": "calc(var(--mantine-spacing-xs) / 2)" } : {}),
          ...INPUT_VARS,
          ...(rightSection ? { "--input-right-section-pointer-events": "none" } : {}),
        })}
        className={Input.classes.wrapper}
        data-variant="default"
        data-size="sm"
        data-pointer={rightSection ? true : undefined}
        data-with-right-section={rightSection ? true : undefined}
      >
        {children(id, descriptionId)}
        {rightSection && (
          <div data-position="right" className={Input.classes.section}>
            {rightSection}
          </div>
        )}
      </div>
      {description && (
        <p style={DESCRIPTION_VARS} className={Input.classes.description} data-size="sm" id={descriptionId}>
          {description}
        </p>
      )}
    </div>
  );
}

/** Mantine's ComboboxChevron: the select's arrows. */
function Chevron() {
  return (
    <svg
      style={vars({ "--combobox-chevron-size": "var(--combobox-chevron-size-sm)" })}
      className={ComboboxChevron.classes.chevron}
      data-size="sm"
      data-combobox-chevron="true"
      viewBox="0 0 15 15"
      fill="none"
      xmlns="http://www.w3.org/2000/svg"
      aria-hidden
    >
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

export interface PlainSelectProps {
  label: string;
  data: readonly { value: string; label: string }[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/** Mantine's NativeSelect (a label, the browser's select, the arrows). */
export function PlainSelect({ label, data, value, onChange }: PlainSelectProps) {
  return (
    <Field label={label} rightSection={<Chevron />}>
      {(id) => (
        <select className={Input.classes.input} data-variant="default" id={id} value={value} onChange={onChange}>
          {data.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export interface PlainTextInputProps {
  label: string;
  description?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  maxLength?: number;
}

/** Mantine's TextInput, its description (if any) under the input. */
export function PlainTextInput({ label, description, value, onChange, maxLength }: PlainTextInputProps) {
  return (
    <Field label={label} description={description}>
      {(id, describedBy) => (
        <input
          className={Input.classes.input}
          data-variant="default"
          maxLength={maxLength}
          aria-describedby={describedBy}
          id={id}
          value={value}
          onChange={onChange}
        />
      )}
    </Field>
  );
}

/**
 * The variables of Mantine's own Checkbox root class, which `Checkbox.classes` does not name (it
 * names the inline input's root): the default size and the filled variant's colours.
 */
const CHECKBOX_VARS = vars({
  "--checkbox-size": "20px",
  "--checkbox-radius": "var(--mantine-radius-sm)",
  "--checkbox-color": "var(--mantine-primary-color-filled)",
  "--checkbox-icon-color": "var(--mantine-color-white)",
});

export interface PlainCheckboxProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** Mantine's Checkbox (filled, label on the right). */
export function PlainCheckbox({ label, checked, disabled, onChange }: PlainCheckboxProps) {
  const id = useId();
  return (
    <div style={CHECKBOX_VARS} className={Checkbox.classes.root} data-variant="filled" data-label-position="right">
      <div className={Checkbox.classes.body}>
        <div className={Checkbox.classes.inner} data-label-position="right">
          <input
            className={`mantine-focus-auto ${Checkbox.classes.input}`}
            data-with-error-styles="true"
            id={id}
            type="checkbox"
            checked={checked}
            disabled={disabled}
            onChange={onChange}
          />
          <svg
            viewBox="0 0 10 7"
            fill="none"
            xmlns="http://www.w3.org/2000/svg"
            aria-hidden
            className={Checkbox.classes.icon}
          >
            <path
              d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
              fill="currentColor"
              fillRule="evenodd"
              clipRule="evenodd"
            />
          </svg>
        </div>
        <div className={Checkbox.classes.labelWrapper} data-disabled={disabled || undefined}>
          <label className={Checkbox.classes.label} htmlFor={id} data-disabled={disabled || undefined}>
            {label}
          </label>
        </div>
      </div>
    </div>
  );
}
