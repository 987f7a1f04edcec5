import { Box, LoadingOverlay, Text } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import type { ReactNode } from "react";

/** A results area: dimmed with a loader while (re)loading; the message of SPEC §8 when it has no rows. */
export function ResultsArea({
  isLoading,
  loadingLabel,
  isEmpty,
  children,
}: {
  isLoading: boolean;
  loadingLabel: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  return (
    <Box pos="relative" mih={120} aria-busy={isLoading}>
      <LoadingOverlay
        visible={isLoading}
        zIndex={5}
        overlayProps={{ blur: 1 }}
        loaderProps={{ "aria-label": loadingLabel }}
      />
      {isEmpty ? <NoReportData /> : children}
    </Box>
  );
}

export function NoReportData() {
  return (
    <Text c="dimmed" py="xl" ta="center" role="status">
      {MESSAGES.noReportData}
    </Text>
  );
}
