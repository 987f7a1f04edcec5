import { DateInput, type DateInputProps } from "@mantine/dates";
// After the import above, so the dates' rules follow those of the core components they build on.
import "@mantine/dates/styles.layer.css";
import { IconCalendar } from "@tabler/icons-react";
import { parseTypedDay } from "../utils/report-dates.ts";

interface ReportDateInputProps extends Omit<DateInputProps, "value" | "onChange"> {
  label: string;
  /** YYYY-MM-DD */
  value: string;
  /** Called with a complete, real day (YYYY-MM-DD) only. */
  onChange: (value: string) => void;
}

/**
 * A report date: shown MM/DD/YYYY, typed that way or as YYYY-MM-DD, or picked from the calendar.
 * Half-typed text changes nothing; leaving the field restores the current value.
 */
export function ReportDateInput({ value, onChange, ...props }: ReportDateInputProps) {
  return (
    <DateInput
      valueFormat="MM/DD/YYYY"
      dateParser={parseTypedDay}
      value={value}
      onChange={(next) => {
        if (next) onChange(next.slice(0, 10));
      }}
      placeholder="MM/DD/YYYY"
      leftSection={<IconCalendar size={16} aria-hidden />}
      leftSectionPointerEvents="none"
      popoverProps={{ withinPortal: true }}
      {...props}
    />
  );
}
