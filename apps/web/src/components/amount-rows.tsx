import { Divider, Group, Stack, Text } from "@mantine/core";
import { formatMoney } from "../lib/format.ts";

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

/** An order's amounts in dollars, as the server computed them (DESIGN §6): the parts, a rule, the total. */
export function AmountRows({ rows, total }: { rows: ReadonlyArray<[string, number]>; total: [string, number] }) {
  return (
    <Stack gap={6} maw={360} ml="auto" w="100%">
      {rows.map(([label, cents]) => (
        <AmountRow key={label} label={label} cents={cents} />
      ))}
      <Divider />
      <AmountRow label={total[0]} cents={total[1]} isTotal />
    </Stack>
  );
}
