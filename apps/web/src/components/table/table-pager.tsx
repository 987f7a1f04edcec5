import { Box, Group, NativeSelect, Pagination, Text } from "@mantine/core";
import { useId } from "react";

interface TablePagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Page-size choices; without them the size is fixed. */
  pageSizes?: readonly number[];
  onPageSizeChange?: (size: number) => void;
  /** What the rows are, for the count: "users", "products". */
  noun: string;
  /** The count line when the exact one does not fit (a capped count: "Showing 1–25 of 10,000+ orders"). */
  status?: string;
  /** The last page the server serves, when it pages no further than a cap. */
  maxPages?: number;
}

export type { TablePagerProps };

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Server paging under a table: the real total and page count (DESIGN §7), page links, page size. */
export function TablePager({
  page,
  pageSize,
  total,
  onPageChange,
  pageSizes,
  onPageSizeChange,
  noun,
  status,
  maxPages,
}: TablePagerProps) {
  const pages = Math.min(pageCount(total, pageSize), maxPages ?? Number.POSITIVE_INFINITY);
  const sizeId = useId();
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Group gap="md" wrap="wrap">
        <Text size="sm" c="dimmed" role="status">
          {status ??
            `${total === 0 ? `No ${noun}` : `Showing ${first}–${last} of ${total} ${noun}`} · Page ${Math.min(page, pages)} of ${pages}`}
        </Text>
        {pageSizes && onPageSizeChange && (
          <Group gap={8} wrap="nowrap">
            <Text component="label" htmlFor={sizeId} size="sm">
              Rows per page
            </Text>
            <NativeSelect
              id={sizeId}
              size="xs"
              w={72}
              data={pageSizes.map((size) => String(size))}
              value={String(pageSize)}
              onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
            />
          </Group>
        )}
      </Group>
      {pages > 1 && (
        <Box component="nav" aria-label={`Pages of ${noun}`}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            size="sm"
            siblings={1}
            getItemProps={(item) => ({ "aria-label": `Page ${item}` })}
            getControlProps={(control) => ({ "aria-label": `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
          />
        </Box>
      )}
    </Group>
  );
}
