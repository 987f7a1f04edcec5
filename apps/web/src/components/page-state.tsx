import { Alert, Button, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle, IconMapSearch, IconRefresh } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ApiError, errorMessage } from "../lib/api-client.ts";

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

/** Whether a load failed because the record is not there, or not the user's to see (404). */
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A record that does not exist or is not the user's to see: the page's one heading and a way back. */
export function RecordNotFound({
  title,
  message,
  backTo,
  backLabel,
}: {
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <Stack align="center" ta="center" gap="md" py={48} maw={520} mx="auto">
      <ThemeIcon size={72} radius="xl" variant="light">
        <IconMapSearch size={36} aria-hidden />
      </ThemeIcon>
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{message}</Text>
      <Button component={Link} to={backTo}>
        {backLabel}
      </Button>
    </Stack>
  );
}

/**
 * A page's first load: "Loading …" for screen readers and grey blocks in the page's shape, either
 * `blocks` (height, optional width) or a skeleton of the page's own as `children`.
 */
export function PageLoading({
  label,
  blocks = [],
  maw,
  children,
}: {
  label: string;
  blocks?: ReadonlyArray<{ h: number; w?: number }>;
  maw?: number;
  children?: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={maw}>
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of placeholders
        <Skeleton key={i} h={block.h} w={block.w} aria-hidden />
      ))}
      {children}
    </Stack>
  );
}
