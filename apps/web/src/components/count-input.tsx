import { TextInput, type TextInputProps } from "@mantine/core";
import { useUncontrolled } from "@mantine/hooks";
import { type KeyboardEvent, useState } from "react";

export interface CountInputProps
  extends Omit<TextInputProps, "value" | "defaultValue" | "onChange" | "type" | "inputMode"> {
  /** A number once what is typed is one, else the text ("" when empty): as Mantine's NumberInput gives it. */
  value?: number | string;
  defaultValue?: number | string;
  onChange?: (value: number | string) => void;
  /** ↑ and ↓ step by one within these; the field is brought within them when left (see clampBehavior). */
  min?: number;
  max?: number;
  /** Take a typed minus sign (off: it does not get in). */
  allowNegative?: boolean;
  /** Take a typed decimal point and decimals (off: they do not get in). */
  allowDecimal?: boolean;
  /**
   * "blur" (the default): a number outside min–max is brought within them when the field is left;
   * "none": it stays as typed, for a rule that then says what it does with it.
   */
  clampBehavior?: "blur" | "none";
}

const A_NUMBER = /^-?\d+(\.\d+)?$/;

/** What was typed as the field's value: a number once it is one ("12", "-3.5"), else the text ("", "-", "3."). */
function asValue(typed: string): number | string {
  const number = Number(typed);
  return A_NUMBER.test(typed) && Number.isSafeInteger(Math.trunc(number)) ? number : typed;
}

/** The characters a field takes: digits, and a leading minus sign and one decimal point when allowed. */
function taken(typed: string, negative: boolean, decimal: boolean): string {
  let point = false;
  const body = [...typed].filter((char) => {
    if (char >= "0" && char <= "9") return true;
    if (char !== "." || !decimal || point) return false;
    point = true;
    return true;
  });
  return (negative && typed.trimStart().startsWith("-") ? "-" : "") + body.join("");
}

/**
 * A count (packs, pieces, days, millimetres): the phone's number pad, only the characters the field
 * takes, ↑ / ↓ one up or down within its limits. A TextInput with the props of Mantine's NumberInput
 * that the portal's counts use, so it stands in for it: NumberInput formats with
 * react-number-format (8.5 KiB Brotli'd), which every signed-in page loaded with the shell for the
 * product page's and the cart's quantity (decision 034, lever 42). Amounts are MoneyInput.
 */
export function CountInput({
  value,
  defaultValue,
  onChange,
  min,
  max,
  allowNegative = false,
  allowDecimal = false,
  clampBehavior = "blur",
  onBlur,
  onKeyDown,
  ...props
}: CountInputProps) {
  const [current, setCurrent] = useUncontrolled<number | string>({ value, defaultValue, finalValue: "", onChange });
  // What is being typed is shown as typed ("007", "3."); a value set from elsewhere (a step, a
  // reset, the form) as itself.
  const [typed, setTyped] = useState(String(current));
  const shown = Object.is(asValue(typed), current) ? typed : String(current);
  const within = (n: number) => Math.min(max ?? n, Math.max(min ?? n, n));

  function set(next: number | string, text = String(next)) {
    setTyped(text);
    setCurrent(next);
  }

  function step(event: KeyboardEvent<HTMLInputElement>) {
    const by = event.key === "ArrowUp" ? 1 : event.key === "ArrowDown" ? -1 : 0;
    if (by === 0) return;
    event.preventDefault();
    set(typeof current === "number" ? within(current + by) : within(min ?? 0));
  }

  return (
    <TextInput
      inputMode={allowDecimal ? "decimal" : "numeric"}
      autoComplete="off"
      {...props}
      value={shown}
      onChange={(event) => {
        const text = taken(event.currentTarget.value, allowNegative, allowDecimal);
        set(asValue(text), text);
      }}
      onKeyDown={(event) => {
        step(event);
        onKeyDown?.(event);
      }}
      onBlur={(event) => {
        if (clampBehavior === "blur" && typeof current === "number" && within(current) !== current)
          set(within(current));
        onBlur?.(event);
      }}
    />
  );
}
