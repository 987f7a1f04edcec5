import { Table } from "@mantine/core";
import { type ProductDetail, priceTierFor } from "@vetportal/contract";
import { TableHead } from "../../../components/table-parts.tsx";
import { formatMoney } from "../../../lib/format.ts";

type PriceRange = ProductDetail["price_ranges"][number];

function rangeLabel(range: PriceRange): string {
  if (range.max_quantity === null) return `${range.min_quantity}+ packs`;
  if (range.max_quantity === range.min_quantity) return `${range.min_quantity} packs`;
  return `${range.min_quantity}–${range.max_quantity} packs`;
}

/**
 * Price per pack by quantity (price_ranges, in dollars); the tier the server charges the chosen
 * quantity at (the contract's priceTierFor, the rule the server prices with) is marked.
 */
export function PriceTable({ ranges, quantity }: { ranges: PriceRange[]; quantity: number | undefined }) {
  const current = quantity === undefined ? undefined : priceTierFor(ranges, quantity);
  return (
    <Table withTableBorder verticalSpacing={6} fz="sm" captionSide="top">
      <Table.Caption style={{ textAlign: "left", fontWeight: 600, color: "var(--mantine-color-text)" }}>
        Price per pack
      </Table.Caption>
      <TableHead columns={["Quantity", { label: "Price per pack", numeric: true }]} />
      <Table.Tbody>
        {ranges.map((range) => {
          const isCurrent = range === current;
          return (
            <Table.Tr
              key={range.min_quantity}
              bg={isCurrent ? "brand.0" : undefined}
              fw={isCurrent ? 700 : undefined}
              aria-current={isCurrent ? "true" : undefined}
            >
              <Table.Td>{rangeLabel(range)}</Table.Td>
              <Table.Td ta="right">{formatMoney(range.price_cents)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
