import { Button, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconLock } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import { Link } from "react-router";

/** Access Denied page (SPEC §2), shown on an administrator route to anyone else. */
export function AccessDeniedRoute() {
  return (
    <Stack align="center" ta="center" gap="md" py={64} maw={520} mx="auto">
      <title>Access Denied · Vet Portal</title>
      <ThemeIcon size={72} radius="xl" variant="light" color="red">
        <IconLock size={36} aria-hidden />
      </ThemeIcon>
      <Title order={1}>Access Denied</Title>
      <Text>{MESSAGES.forbidden}</Text>
      <Text fw={600} c="dimmed">
        {MESSAGES.forbiddenCode}
      </Text>
      <Button component={Link} to="/" mt="sm">
        Go Home
      </Button>
    </Stack>
  );
}
