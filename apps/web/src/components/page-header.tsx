import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A page's heading: its title, a line on what it is for, and its actions (`children`) on the right. */
export function PageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {children}
    </Group>
  );
}
