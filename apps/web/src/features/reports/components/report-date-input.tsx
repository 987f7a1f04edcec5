import { useState } from "react";
import { DayInput, type DayInputProps, parseDay } from "../../../components/day-input.tsx";

interface ReportDateInputProps extends Omit<DayInputProps, "onChange"> {
  /** YYYY-MM-DD */
  value: string;
  /** Called with a complete, real day (YYYY-MM-DD) only; `false` refuses it (the field shows `value` again). */
  onChange: (value: string) => unknown;
}

/**
 * A report date (a DayInput): only a complete, real day is passed on, so half-typed text changes
 * nothing, and leaving the field shows the current value again (the legacy's rule: a report always
 * has both dates).
 */
export function ReportDateInput({ value, onChange, onBlur, ...props }: ReportDateInputProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // A new value from the form (a day passed on, Reset) replaces what is typed.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  return (
    <DayInput
      value={text}
      onChange={(next) => setText(parseDay(next) === next && onChange(next) === false ? value : next)}
      onBlur={(event) => {
        setText(value);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
