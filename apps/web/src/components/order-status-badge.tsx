import { Badge } from "@mantine/core";
import { ORDER_STATUS } from "@vetportal/contract";

/** Dark shades keep white badge text above 4.5:1 (WCAG AA). */
function colorOf(status: number): string {
  if (status === ORDER_STATUS.ACTIVE) return "blue.8";
  if (status === ORDER_STATUS.SHIPPED) return "teal.9";
  if (status === ORDER_STATUS.CANCELLED) return "red.9";
  if (status === ORDER_STATUS.DESTROYED) return "dark.7";
  return "gray.7";
}

/** An order's status, in the same colours on My Orders, the order page and the reports. */
export function OrderStatusBadge({ status, name, className }: { status: number; name: string; className?: string }) {
  return (
    <Badge color={colorOf(status)} variant="filled" radius="sm" tt="none" fw={600} className={className}>
      {name}
    </Badge>
  );
}
