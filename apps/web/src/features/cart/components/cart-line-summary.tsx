import { Group, Stack, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { CartItem } from "@vetportal/contract";
import { ProductImage } from "../../../components/product-image.tsx";

/** A cart line as the shipping page lists it, with the server's message about it when there is one. */
export function CartLineSummary({ item, error }: { item: CartItem; error?: string }) {
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
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {item.display_name}
        </Text>
        <Text size="sm" c="dimmed">
          {item.quantity} {item.quantity === 1 ? "pack" : "packs"} of {item.package_quantity}
        </Text>
        {error && (
          <Text size="sm" c="red.9" fw={600}>
            <IconAlertCircle size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
