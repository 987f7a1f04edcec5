import { Stack, Text } from "@mantine/core";
import type { ShipmentGroup } from "@vetportal/contract";
import { formatUsDate } from "../lib/format.ts";
import { TrackingLinks } from "./tracking-links.tsx";

/**
 * An order that ships in parts (issue 24 §5): how far its lines have got ("2 of 3 lines shipped,
 * 1 printing"), then each shipment with its day, its lines and packs, and its tracking links. The
 * practice's order page and the desk both show it.
 */
export function ShipmentGroups({ progress, groups }: { progress: string; groups: ShipmentGroup[] }) {
  return (
    <Stack gap="sm">
      <Text size="sm" fw={600}>
        {progress}
      </Text>
      <Stack gap="sm" component="ol" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {groups.map((g, i) => (
          <li key={g.id}>
            <Text size="sm" fw={500}>
              Shipment {i + 1} · {formatUsDate(g.shipped_on)}
            </Text>
            {g.lines.length > 0 && (
              <Text size="sm" c="dimmed">
                {g.lines.map((l) => `${l.quantity} × ${l.product_name}`).join(", ")}
              </Text>
            )}
            <TrackingLinks shipments={g.packages.map((p) => ({ ...p, shipped_on: null }))} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
