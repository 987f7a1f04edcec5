import { Badge } from "@mantine/core";
import { ORDER_STATUS } from "@vetportal/contract";
import type { CSSProperties } from "react";

/** Dark shades keep white badge text above 4.5:1 (WCAG AA). */
function colorOf(status: number): string {
  if (status === ORDER_STATUS.ACTIVE) return "blue-8";
  if (status === ORDER_STATUS.SHIPPED) return "teal-9";
  if (status === ORDER_STATUS.CANCELLED) return "red-9";
  if (status === ORDER_STATUS.DESTROYED) return "dark-7";
  return "gray-7";
}

/**
 * An order's status, in the same colours on My Orders, the order page and the reports: Mantine's
 * filled Badge (its classes and the variables its `color` sets), drawn as plain elements because a
 * page of orders or a report draws one per row (decision 034, lever 23).
 */
export function OrderStatusBadge({ status, name, className }: { status: number; name: string; className?: string }) {
  const style = {
    "--badge-radius": "var(--mantine-radius-sm)",
    "--badge-bg": `var(--mantine-color-${colorOf(status)})`,
    "--badge-color": "var(--mantine-color-white)",
    "--badge-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
    fontWeight: 600,
    textTransform: "none",
  } as CSSProperties;
  return (
    <div className={[Badge.classes.root, className].filter(Boolean).join(" ")} data-variant="filled" style={style}>
      <span className={Badge.classes.label}>{name}</span>
    </div>
  );
}
