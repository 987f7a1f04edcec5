import { Anchor, Box, Container, Group, Stack, Text } from "@mantine/core";
import { MESSAGES } from "@vetportal/contract";
import { useSettings } from "../../lib/get-settings.ts";
import classes from "./app-layout.module.css";

export function AppFooter() {
  const settings = useSettings();
  const phone = settings.data?.support_phone;
  return (
    <Box component="footer" bg="brand.9" c="white" pt="xl" mt="xl" className={classes.footer} data-print="hide">
      <Container size="xl">
        <Group justify="space-between" align="flex-start" gap="lg">
          <Stack gap={4} maw={520}>
            <Text fw={700}>Vet Portal</Text>
            <Text size="sm" c="brand.1">
              Pet-health education products for veterinary practices, supplied and fulfilled by our veterinary supply
              and print team.
            </Text>
            <Text size="xs" c="brand.1">
              © {new Date().getFullYear()} Vet Portal. All rights reserved.
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={700}>Customer Service</Text>
            {phone && (
              <Anchor href={`tel:${phone}`} c="white" size="sm" underline="always">
                {phone}
              </Anchor>
            )}
            <Text size="sm" c="brand.1">
              {settings.data?.support_hours ?? MESSAGES.supportHours}
            </Text>
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
