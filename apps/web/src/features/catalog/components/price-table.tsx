import { type ProductDetail, packs, priceTierFor } from "@vetportal/contract";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { formatMoney } from "../../../lib/format.ts";

type PriceRange = ProductDetail["price_ranges"][number];

function rangeLabel(range: PriceRange): string {
  if (range.max_quantity === null) return `${range.min_quantity}+ packs`;
  if (range.max_quantity === range.min_quantity) return packs(range.min_quantity);
  return `${range.min_quantity}–${range.max_quantity} packs`;
}

const COLUMNS: TableColumn<PriceRange>[] = [
  { key: "quantity", label: "Quantity", cell: rangeLabel },
  { key: "price", label: "Price per pack", numeric: true, cell: (range) => formatMoney(range.price_cents) },
];

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
    <DataTable
      label="Price per pack"
      caption="Price per pack"
      showCaption
      look="lines"
      rowsOnPhone
      columns={COLUMNS}
      rows={ranges}
      rowKey={(range) => range.min_quantity}
      rowProps={(range) => ({
        bg: range === current ? "brand.0" : undefined,
        fw: range === current ? 700 : undefined,
        "aria-current": range === current ? "true" : undefined,
      })}
      tableProps={{ withTableBorder: true, verticalSpacing: 6, fz: "sm" }}
    />
  );
}
