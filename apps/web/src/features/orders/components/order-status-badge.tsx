import { Badge } from "@mantine/core";
import { ORDER_STATUS, ORDER_STATUS_CANCELLED } from "@vetportal/contract";

/** Dark shades keep white badge text above 4.5:1 (WCAG AA). */
function colorOf(status: number): string {
  if (status === ORDER_STATUS.ACTIVE) return "blue.8";
  if (status === ORDER_STATUS.SHIPPED) return "teal.9";
  if (status === ORDER_STATUS_CANCELLED.id) return "red.9";
  return "gray.7";
}

export function OrderStatusBadge({ status, name }: { status: number; name: string }) {
  return (
    <Badge color={colorOf(status)} variant="filled" radius="sm" tt="none" fw={600}>
      {name}
    </Badge>
  );
}
