import { NumberInput, type NumberInputProps } from "@mantine/core";
import { useUncontrolled } from "@mantine/hooks";

// Apart from form-fields.tsx, whose fields every signed-in page loads with the shell: NumberInput
// (with react-number-format, 8.5 KiB Brotli'd) comes only with the pages that take an amount
// (decision 034, lever 42). Counts are components/count-input.tsx.

/** An amount of at most two decimals, as typed ("12", "12.5", ".5"): shown with its cents once left. */
const AT_MOST_CENTS = /^-?\d*(\.\d{0,2})?$/;

/**
 * A dollar amount input: a "$" prefix, never negative, shown with two decimals once the field is
 * left ("12.5" → "$12.50"). A third decimal is kept as typed, not cut or rounded, so the contract's
 * "Enter the price in dollars and cents, e.g. 4.25" can say what is wrong (issue 22 §6). Turn the
 * value into cents with the contract's `dollarsToCents`.
 */
export function MoneyInput({ value, defaultValue, onChange, onBlur, ...props }: NumberInputProps) {
  const [amount, setAmount] = useUncontrolled<number | string>({ value, defaultValue, finalValue: "", onChange });
  const showCents = () => {
    const text = String(amount).trim();
    if (text && AT_MOST_CENTS.test(text) && Number.isFinite(Number(text))) {
      const cents = Number(text).toFixed(2);
      if (cents !== text) setAmount(cents);
    }
  };
  return (
    <NumberInput
      prefix="$"
      min={0}
      allowNegative={false}
      {...props}
      value={amount}
      onChange={setAmount}
      onBlur={(event) => {
        showCents();
        onBlur?.(event);
      }}
    />
  );
}
