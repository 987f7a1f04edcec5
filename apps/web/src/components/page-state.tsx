import { Alert, Button, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconMapSearch, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { errorMessage } from "../lib/api-client.ts";

/** What LoadError needs of a TanStack query: its error, and a way to run it again. */
export interface RetryableQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A failed load with the reason and a retry button (the query is marked handlesErrors, so no toast). */
export function LoadError({ title, query }: { title: string; query: RetryableQuery }) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorMessage(query.error)}</Text>
        <Button
          variant="white"
          color="red"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => void query.refetch()}
          loading={query.isFetching}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** A record that does not exist or is not the user's to see: the page's one heading and a way on. */
export function RecordNotFound({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  return (
    <Stack align="center" ta="center" gap="md" py={48} maw={520} mx="auto">
      <ThemeIcon size={72} radius="xl" variant="light">
        <IconMapSearch size={36} aria-hidden />
      </ThemeIcon>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{message}</Text>
      {action}
    </Stack>
  );
}
