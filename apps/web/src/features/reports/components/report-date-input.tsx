import { TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";
import { isReportDay } from "../utils/report-dates.ts";

interface ReportDateInputProps extends Omit<TextInputProps, "value" | "onChange" | "type"> {
  label: string;
  /** YYYY-MM-DD */
  value: string;
  /** Called with a complete, real day (YYYY-MM-DD) only; `false` refuses it (the field shows `value` again). */
  onChange: (value: string) => unknown;
}

/**
 * A report date: the browser's own date field (shown MM/DD/YYYY in the portal's en-US, a phone's
 * own picker), as My Orders' and the desk's filters are (decision 034, lever 29). While a year is
 * typed digit by digit the field holds 0002, 0020, 0202…: only a complete, real day with a
 * four-digit year is passed on, so half-typed text changes nothing, and leaving the field shows the
 * current value again.
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
    <TextInput
      type="date"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(isReportDay(next) && onChange(next) === false ? value : next);
      }}
      onBlur={(event) => {
        setText(value);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
