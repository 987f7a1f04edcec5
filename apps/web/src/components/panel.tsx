import { Paper, type PaperProps, Title } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A bordered part of a page under its heading (an order's facts, its lines, its history). `order`
 * is the heading's level (2 on a page, 3 inside a section that has its own h2); it always looks h4.
 */
export function Panel({
  title,
  order = 2,
  children,
  ...paper
}: { title: string; order?: 2 | 3; children: ReactNode } & PaperProps & { "data-print"?: string }) {
  return (
    <Paper withBorder radius="md" p="md" {...paper}>
      <Title order={order} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
