import { Button, Group, Paper, Text } from "@mantine/core";
import { stopWaitingSaves, useWaitingSaves } from "../lib/connection.ts";

/**
 * While a save waits for the connection (lib/connection.ts): "The connection is lost. Your order
 * will be placed when it returns." and Stop, fixed at the bottom of the window so it shows at once
 * wherever the user is on the page (issue 22 §4).
 */
export function ConnectionNotice() {
  const whenOnline = useWaitingSaves();
  if (!whenOnline) return null;
  return (
    <Paper
      role="alert"
      shadow="md"
      withBorder
      p="sm"
      radius="md"
      bg="orange.0"
      style={{ position: "fixed", insetInline: 12, bottom: 12, zIndex: 400, maxWidth: 560, marginInline: "auto" }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">
          <strong>The connection is lost.</strong> {whenOnline} when it returns.
        </Text>
        <Button size="compact-sm" variant="outline" color="dark" onClick={stopWaitingSaves} style={{ flexShrink: 0 }}>
          Stop
        </Button>
      </Group>
    </Paper>
  );
}
