import { Divider, Group, Stack, Text } from "@mantine/core";
import type { OrderDetail } from "@vetportal/contract";
import { formatMoney } from "../../../lib/format.ts";

function AmountRow({ label, cents, isTotal = false }: { label: string; cents: number; isTotal?: boolean }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text fw={isTotal ? 700 : 400} size={isTotal ? "lg" : "sm"}>
        {label}
      </Text>
      <Text fw={isTotal ? 700 : 500} size={isTotal ? "lg" : "sm"} style={{ fontVariantNumeric: "tabular-nums" }}>
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}

/** The order's amounts, computed by the server (DESIGN §6), in dollars. */
export function OrderAmounts({ order }: { order: OrderDetail }) {
  return (
    <Stack gap={6} maw={360} ml="auto" w="100%">
      <AmountRow label="Items" cents={order.total_items_amount} />
      <AmountRow label="Pick Fees" cents={order.pick_fee_amount} />
      <AmountRow label="Shipping" cents={order.shipping_amount} />
      <AmountRow label="Processing" cents={order.processing_amount} />
      <AmountRow label="Tax" cents={order.tax_amount} />
      <Divider />
      <AmountRow label="Total" cents={order.total_order_amount} isTotal />
    </Stack>
  );
}
