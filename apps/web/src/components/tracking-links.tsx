import { Anchor, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { IconExternalLink } from "@tabler/icons-react";
import { carrierName, type Shipment, trackingUrl } from "@vetportal/contract";
import { formatUsDate } from "../lib/format.ts";

/**
 * An order's packages, each as "Carrier number" linked to the carrier's tracking page (the
 * contract's trackingUrl, so every screen links the same way); a number without a known carrier is
 * shown as text. `compact` puts them on one line for tables.
 */
export function TrackingLinks({ shipments, compact = false }: { shipments: Shipment[]; compact?: boolean }) {
  if (!shipments.length) return null;
  const items = shipments.map((s) => {
    const url = trackingUrl(s.carrier, s.tracking_number);
    const label = `${s.carrier ? `${carrierName(s.carrier)} ` : ""}${s.tracking_number}`;
    return (
      <Text key={`${s.carrier}-${s.tracking_number}`} size="sm" style={{ overflowWrap: "anywhere" }}>
        {url ? (
          <Anchor href={url} target="_blank" rel="noopener noreferrer">
            {label}
            <IconExternalLink size={13} aria-hidden style={{ marginLeft: 3, verticalAlign: "-1px" }} />
            <VisuallyHidden> (opens the carrier's tracking page)</VisuallyHidden>
          </Anchor>
        ) : (
          label
        )}
        {!compact && s.shipped_on && (
          <Text span size="xs" c="dimmed">
            {" "}
            · shipped {formatUsDate(s.shipped_on)}
          </Text>
        )}
      </Text>
    );
  });
  return compact ? (
    <Group gap={4} wrap="wrap">
      {items}
    </Group>
  ) : (
    <Stack gap={4}>{items}</Stack>
  );
}
