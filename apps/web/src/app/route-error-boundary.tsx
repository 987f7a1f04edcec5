import { Box, Button, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import { useRouteError } from "react-router";

/** How browsers report a lazy chunk (a dynamic import) that could not be fetched. */
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|unable to preload css|loading chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && (error.name === "ChunkLoadError" || CHUNK_ERROR.test(error.message));
}

/**
 * Route error boundary. A page chunk that fails to download (SPEC §8 'Loading chunk failed') is the
 * common case — usually a dropped connection or a deploy since the page was opened — and a reload fixes it.
 */
export function RouteErrorBoundary({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  const isChunkError = isChunkLoadError(error);
  const content = (
    <Stack align="center" ta="center" gap="md" py={64} px="md" maw={560} mx="auto" role="alert">
      <ThemeIcon size={72} radius="xl" variant="light" color="orange">
        <IconAlertTriangle size={36} aria-hidden />
      </ThemeIcon>
      <Title order={1}>{isChunkError ? MESSAGES.chunkLoadFailed : "Something went wrong"}</Title>
      <Text c="dimmed">
        {isChunkError
          ? "Part of the portal could not be downloaded. Check your connection, then reload the page."
          : MESSAGES.internalError}
      </Text>
      <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={() => window.location.reload()} mt="sm">
        Reload
      </Button>
    </Stack>
  );
  return standalone ? <Box component="main">{content}</Box> : content;
}
