import { Box, LoadingOverlay, Text } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import type { ReactNode } from "react";
import { pageCount, TablePager } from "../../../components/table/table-pager.tsx";

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

/** A report's page of rows (SPEC §9): the results area, and under it the pager of all `total` rows. */
export function PagedRows({
  isLoading,
  loadingLabel,
  isEmpty,
  total,
  page,
  pageSize,
  onPageChange,
  children,
}: {
  isLoading: boolean;
  loadingLabel: string;
  isEmpty: boolean;
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  children: ReactNode;
}) {
  return (
    <>
      <ResultsArea isLoading={isLoading} loadingLabel={loadingLabel} isEmpty={isEmpty}>
        {children}
      </ResultsArea>
      {total > 0 && (
        <TablePager
          noun="rows"
          page={Math.min(page, pageCount(total, pageSize))}
          pageSize={pageSize}
          total={total}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}
