import { Button, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconMapSearch } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import { Link } from "react-router";

/** Unknown paths (SPEC §2). */
export function NotFoundRoute() {
  return (
    <Stack align="center" ta="center" gap="md" py={64} maw={520} mx="auto">
      <title>Page not found · Vet Portal</title>
      <ThemeIcon size={72} radius="xl" variant="light">
        <IconMapSearch size={36} aria-hidden />
      </ThemeIcon>
      <Title order={1}>Page not found</Title>
      <Text c="dimmed">{MESSAGES.notFound}</Text>
      <Button component={Link} to="/" mt="sm">
        Back to Products
      </Button>
    </Stack>
  );
}
