import { Box, Button, Container, Group, Text } from "@mantine/core";
import { IconPlayerStop } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { stopActing, useActing } from "../api/acting-session.ts";

/**
 * The header's strip while an administrator orders for a practice (decision 042): which practice,
 * who is taking the order, and "Stop acting for …", which brings the administrator's own session
 * back on the order-for page. Nothing while the session is the signed-in user's own.
 */
export function ActingBanner() {
  const acting = useActing();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!acting) return null;
  async function stop() {
    setBusy(true);
    await stopActing();
    setBusy(false);
    navigate("/admin/order-for", { state: FOCUS_HEADING_STATE });
  }
  return (
    <Box component="section" aria-label="Ordering for a practice" bg="yellow.1" py={6} data-print="hide">
      <Container size="xl">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">
            Ordering for <strong>{acting.practice_name}</strong> · taken by {acting.admin_name}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerStop size={14} aria-hidden />}
            loading={busy}
            onClick={() => void stop()}
            // A long practice name wraps on a phone instead of being cut off.
            h="auto"
            py={4}
            styles={{ label: { whiteSpace: "normal", textAlign: "left" } }}
          >
            Stop acting for {acting.practice_name}
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
