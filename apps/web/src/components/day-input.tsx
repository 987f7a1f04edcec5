import { ActionIcon, TextInput, type TextInputProps } from "@mantine/core";
import { IconCalendar } from "@tabler/icons-react";
import {
  isCalendarDate,
  isInDateRange,
  MAX_DATE_YEAR,
  MESSAGES,
  MIN_DATE_YEAR,
  PRIMITIVE_MESSAGES,
} from "@vetportal/contract";
import { useRef, useState } from "react";
import { flushSync } from "react-dom";

export interface DayInputProps
  extends Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type" | "min" | "max"> {
  label: string;
  /** A day as YYYY-MM-DD (shown MM/DD/YYYY), or text that is not one yet, shown as it is; "" when empty. */
  value: string;
  /** The day as YYYY-MM-DD once the text is a whole, real day, else the text ("" when empty). */
  onChange: (value: string) => void;
  /** The first and last day the calendar offers (YYYY-MM-DD; 1900–2100 when left out); the form's own rule says what it refuses. */
  min?: string;
  max?: string;
}

const US_DAY = /^(\d{1,2})[/.\-\s]+(\d{1,2})[/.\-\s]+(\d{4})$/;
const DIGITS_DAY = /^(\d{2})(\d{2})(\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A typed day that is a real one, as YYYY-MM-DD, in any year (the contract's rules say which years the API takes). */
function realDay(text: string): string | undefined {
  const typed = text.trim();
  const iso = ISO_DAY.exec(typed);
  const us = iso ? undefined : (US_DAY.exec(typed) ?? DIGITS_DAY.exec(typed));
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
  if (!year || !month || !day) return undefined;
  const result = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
  return isCalendarDate(result) ? result : undefined;
}

/**
 * A typed day as YYYY-MM-DD: 11/30/2026, 1/5/2026 (or with - . or spaces between), 11302026, or
 * 2026-11-30 as pasted from a file. Only a real day in the years the API takes (1900–2100) is one.
 */
export function parseDay(text: string): string | undefined {
  const day = realDay(text);
  return day && isInDateRange(day) ? day : undefined;
}

/** What is wrong with a field's text, if anything: not a day, or a day in a year the portal does not take. */
function dayProblem(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  const day = realDay(text);
  if (!day) return MESSAGES.dayFormat;
  return isInDateRange(day) ? undefined : PRIMITIVE_MESSAGES.dateRange;
}

/** How a value is shown: a day as MM/DD/YYYY (the portal's en-US), any other text as it is. */
export function showDay(value: string): string {
  const iso = ISO_DAY.exec(value);
  return iso ? `${iso[2]}/${iso[3]}/${iso[1]}` : value;
}

/** A range's message when both ends are days and the last is before the first. */
export function dayRangeError(from: string, to: string): string | undefined {
  return parseDay(from) === from && parseDay(to) === to && to < from ? MESSAGES.dateRange : undefined;
}

/** What a field holds as its value: the day once the text is one, else the text. */
const fieldValue = (text: string) => parseDay(text) ?? (text.trim() === "" ? "" : text);

/**
 * A day: typed as MM/DD/YYYY, or chosen on the browser's own calendar (a phone's own picker) from
 * the button at its end. The browser's date field is made only when that button is first pressed:
 * Chromium's first date field in a page loads the locale's calendar from ICU, a task of 100–180 ms
 * on a phone, and My Orders and the order report show their date filters on their first screen
 * (decision 034, lever 47).
 *
 * Text that is not a day is kept as typed; once the field is left, or its form checks validity
 * (`form.checkValidity()`), it says "Enter a real day as MM/DD/YYYY" (or, for a day outside
 * 1900–2100, the API's own "Enter a date between 1900 and 2100") and the field is invalid.
 */
export function DayInput({ label, value, onChange, min, max, error, onBlur, disabled, ...props }: DayInputProps) {
  const [text, setText] = useState(() => showDay(value));
  const [checked, setChecked] = useState(false);
  const [picking, setPicking] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  // What is typed stays while it means the form's value; a new value (a day picked, Reset) replaces it.
  const shown = fieldValue(text) === value ? text : showDay(value);
  const problem = dayProblem(shown);
  const dayError = problem && (checked || Boolean(error)) ? problem : undefined;

  const change = (next: string) => {
    setText(next);
    onChange(fieldValue(next));
  };

  const openCalendar = () => {
    flushSync(() => setPicking(true));
    try {
      picker.current?.showPicker();
    } catch {
      // No picker here (an older browser): the day is typed.
    }
  };

  return (
    <TextInput
      label={label}
      placeholder="MM/DD/YYYY"
      autoComplete="off"
      spellCheck={false}
      maxLength={40}
      value={shown}
      disabled={disabled}
      error={dayError ?? error}
      // Invalid for the browser whatever the message (its own, or the form's: a range out of order),
      // so a form that checks validity first refuses it.
      ref={(input) => input?.setCustomValidity(problem ?? (typeof error === "string" ? error : ""))}
      onChange={(event) => change(event.currentTarget.value)}
      onInvalid={() => setChecked(true)}
      onBlur={(event) => {
        setChecked(true);
        const day = parseDay(shown);
        if (day) setText(showDay(day));
        onBlur?.(event);
      }}
      rightSectionPointerEvents="all"
      rightSection={
        <span style={{ position: "relative", display: "inline-flex" }}>
          <ActionIcon
            variant="subtle"
            color="gray"
            disabled={disabled}
            aria-label="Pick from a calendar"
            onClick={openCalendar}
          >
            <IconCalendar size={18} aria-hidden />
          </ActionIcon>
          {picking && (
            <input
              ref={picker}
              type="date"
              tabIndex={-1}
              aria-hidden
              value={parseDay(shown) ?? ""}
              min={min ?? `${MIN_DATE_YEAR}-01-01`}
              max={max ?? `${MAX_DATE_YEAR}-12-31`}
              onChange={(event) => change(showDay(event.currentTarget.value))}
              style={{ position: "absolute", inset: 0, width: "100%", opacity: 0, pointerEvents: "none" }}
            />
          )}
        </span>
      }
      {...props}
    />
  );
}

/**
 * A From/To pair of days (a filter's): the end may not come before the start (the contract's
 * `datesInOrder`), said on the end's field, which is then invalid for its form like any DayInput.
 */
export function DayRangeFields({
  labels,
  descriptions,
  from,
  to,
  onChange,
  w,
}: {
  labels: [string, string];
  descriptions?: [string, string];
  from: string;
  to: string;
  onChange: (end: "from" | "to", value: string) => void;
  w?: DayInputProps["w"];
}) {
  return (
    <>
      <DayInput
        label={labels[0]}
        description={descriptions?.[0]}
        w={w}
        value={from}
        onChange={(day) => onChange("from", day)}
      />
      <DayInput
        label={labels[1]}
        description={descriptions?.[1]}
        w={w}
        error={dayRangeError(from, to)}
        value={to}
        onChange={(day) => onChange("to", day)}
      />
    </>
  );
}
