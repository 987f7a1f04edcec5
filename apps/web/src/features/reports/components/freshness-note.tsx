import { Text } from "@mantine/core";
import type { ReportFreshness } from "@vetportal/contract";
import { freshnessNote } from "../utils/report-format.ts";

/**
 * "Figures as of 10:42 AM PST (replica 3 min behind)" beside a report's heading, only when the
 * report was read from a replica that lags (docs/decisions/025).
 */
export function FreshnessNote({ freshness }: { freshness: ReportFreshness | undefined }) {
  const note = freshnessNote(freshness);
  if (!note) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="report-freshness">
      {note}
    </Text>
  );
}
