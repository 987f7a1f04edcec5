import { Text, Timeline } from "@mantine/core";
import { IconCircleCheck, IconCircleX, IconPointFilled, IconTruckDelivery } from "@tabler/icons-react";
import { ORDER_STATUS, type StatusEvent } from "@vetportal/contract";
import { formatPst } from "../lib/format.ts";

function iconOf(status: number) {
  if (status === ORDER_STATUS.SHIPPED) return <IconTruckDelivery size={14} aria-hidden />;
  if (status === ORDER_STATUS.CANCELLED) return <IconCircleX size={14} aria-hidden />;
  if (status === ORDER_STATUS.ACTIVE) return <IconCircleCheck size={14} aria-hidden />;
  return <IconPointFilled size={14} aria-hidden />;
}

/**
 * An order's status history, oldest first: the status, when, who and the note. `staffName` is how
 * a change by staff is signed for the reader (the practice sees "Vet Portal" rather than a name).
 */
export function StatusTimeline({
  events,
  staffName,
}: {
  events: StatusEvent[];
  staffName?: (event: StatusEvent) => string;
}) {
  return (
    <Timeline active={events.length - 1} bulletSize={22} lineWidth={2} color="brand.8">
      {events.map((event, index) => {
        const who = event.by_staff && staffName ? staffName(event) : event.user_name;
        return (
          <Timeline.Item
            // biome-ignore lint/suspicious/noArrayIndexKey: history rows have no id of their own here and never reorder
            key={index}
            bullet={iconOf(event.order_status)}
            title={
              <Text fw={600} size="sm">
                {event.order_status_name}
              </Text>
            }
          >
            <Text size="xs" c="dimmed">
              {formatPst(event.created)}
              {who ? ` · ${who}` : ""}
            </Text>
            {event.note && (
              <Text size="sm" mt={2} style={{ overflowWrap: "anywhere" }}>
                {event.note}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
