import { Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle, IconInfoCircle } from "@tabler/icons-react";
import type { CartItem, QuoteLine } from "@vetportal/contract";
import { ProductImage } from "../../../components/product-image.tsx";
import { useCartNote } from "../../../lib/cart-store.ts";
import { formatMoney } from "../../../lib/format.ts";

/**
 * A cart line as the shipping page lists it: its quoted price per pack and total, what the portal
 * did to its quantity (the line's note), and the server's message about it when there is one.
 */
export function CartLineSummary({ item, line, error }: { item: CartItem; line?: QuoteLine; error?: string }) {
  const note = useCartNote(item.id);
  const problem = error ?? (line?.quantity === 0 ? (line.message ?? undefined) : undefined);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ProductImage
        src={item.image_url}
        alt=""
        w={56}
        h={56}
        radius="sm"
        bg="gray.0"
        style={{ flexShrink: 0, border: "1px solid var(--mantine-color-gray-3)" }}
      />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} size="sm">
          {item.display_name}
        </Text>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text size="sm" c="dimmed">
            {item.quantity} {item.quantity === 1 ? "pack" : "packs"} of {item.package_quantity}
            {line && line.quantity > 0 && ` · ${formatMoney(line.unit_price_cents)} per pack`}
          </Text>
          {line && line.quantity > 0 && (
            <Text size="sm" fw={600} style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
              {formatMoney(line.total_price_cents)}
            </Text>
          )}
        </Group>
        {line && line.pick_fee_cents > 0 && (
          <Text size="xs" c="dimmed">
            Pick fee {formatMoney(line.pick_fee_cents)}
          </Text>
        )}
        {note && !problem && (
          <Text size="sm" fw={600}>
            <IconInfoCircle
              size={14}
              aria-hidden
              color="var(--mantine-color-orange-7)"
              style={{ verticalAlign: "-2px", marginRight: 4 }}
            />
            {note}
          </Text>
        )}
        {problem && (
          <Text size="sm" c="red.9" fw={600}>
            <IconAlertCircle size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
            {problem}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
