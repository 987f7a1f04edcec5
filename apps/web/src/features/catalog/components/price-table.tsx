import { Table } from "@mantine/core";
import { type ProductDetail, packs, priceTierFor } from "@vetportal/contract";
import { TableHead } from "../../../components/table-parts.tsx";
import { formatMoney } from "../../../lib/format.ts";

type PriceRange = ProductDetail["price_ranges"][number];

function rangeLabel(range: PriceRange): string {
  if (range.max_quantity === null) return `${range.min_quantity}+ packs`;
  if (range.max_quantity === range.min_quantity) return packs(range.min_quantity);
  return `${range.min_quantity}–${range.max_quantity} packs`;
}

/**
 * The tiers as a practice can order them: none can be ordered below the product's minimum, so a
 * tier starting below it is shown from the minimum, and one ending below it is left out (issue 22 §6).
 */
export function orderableRanges(ranges: PriceRange[], min: number): PriceRange[] {
  return ranges
    .filter((range) => range.max_quantity === null || range.max_quantity >= min)
    .map((range) => (range.min_quantity < min ? { ...range, min_quantity: min } : range));
}

/**
 * Price per pack by quantity (price_ranges, in dollars); the tier the server charges the chosen
 * quantity at (the contract's priceTierFor, the rule the server prices with) is marked.
 */
export function PriceTable({
  ranges: allRanges,
  min,
  quantity,
}: {
  ranges: PriceRange[];
  /** The product's minimum order. */
  min: number;
  quantity: number | undefined;
}) {
  const ranges = orderableRanges(allRanges, min);
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
