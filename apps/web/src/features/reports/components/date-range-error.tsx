import { Button, Group, Stack, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { MESSAGES } from "@vetportal/contract";

const MODAL_ID = "report-date-range";

/** SPEC §5 "Order report": the dialog 'Errors!' / 'End date must be …'; the change it follows is rejected. */
export function showDateRangeError(): void {
  modals.open({
    modalId: MODAL_ID,
    title: MESSAGES.dateRangeTitle,
    children: (
      <Stack gap="md">
        <Text size="sm">{MESSAGES.dateRange}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(MODAL_ID)} data-autofocus>
            OK
          </Button>
        </Group>
      </Stack>
    ),
  });
}
