import { Anchor, Loader, Text } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { CartItem } from "@vetportal/contract";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import type { useProductStocks } from "../api/get-product-stock.ts";

export const packs = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "pack" : "packs"}`;

type Stock = ReturnType<typeof useProductStocks>[number];
type Line = { item: CartItem; stock: Stock | undefined; message: string | undefined };

function StockCell({ item, stock }: Line) {
  if (stock?.isPending) return <Loader size="xs" aria-label={`Loading the stock of ${item.name}`} />;
  if (stock?.isError) {
    return (
      <Text size="sm" c="red.9">
        Could not be loaded.{" "}
        <Anchor component="button" size="sm" onClick={() => void stock.refetch()}>
          Try again
        </Anchor>
      </Text>
    );
  }
  return packs(stock?.data?.actual_inventory ?? 0);
}

const COLUMNS: TableColumn<Line, number>[] = [
  {
    key: "product",
    label: "Product",
    role: "title",
    wrap: true,
    cell: ({ item, stock, message }) => (
      <>
        <Text fw={600} size="sm">
          {stock?.data?.name ?? item.name}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          {stock?.data?.customer_sku ? `SKU ${stock.data.customer_sku} · ` : ""}Pack of {item.package_quantity}
        </Text>
        {message && (
          <Text size="sm" c="red.9" fw={600} mt={4}>
            <IconAlertCircle size={14} aria-hidden style={{ verticalAlign: "-2px", marginRight: 4 }} />
            {message}
          </Text>
        )}
      </>
    ),
  },
  {
    key: "destroy",
    label: "To destroy",
    numeric: true,
    cell: ({ item }) => (
      <Text span fw={600} inherit>
        {packs(item.quantity)}
      </Text>
    ),
    total: packs,
  },
  { key: "stock", label: "Current stock", numeric: true, cell: (line) => <StockCell {...line} /> },
];

/**
 * What a destroy order destroys: each product, its packs and its stock as it stands now, with the
 * reason a line cannot be destroyed (the stock changed, or the server said so); a card each on a phone.
 */
export function DestroyLinesTable({
  items,
  stocks,
  failures,
  total,
}: {
  items: CartItem[];
  stocks: Stock[];
  failures: Record<number, string> | undefined;
  total: number;
}) {
  const lines = items.map((item, i) => {
    const stock = stocks[i];
    const current = stock?.data?.actual_inventory;
    const message =
      failures?.[item.id] ??
      (current !== undefined && current !== item.quantity
        ? `The stock is now ${packs(current)}. Remove this product from the cart and destroy it again.`
        : undefined);
    return { item, stock, message };
  });
  return (
    <DataTable
      label="Products to destroy"
      caption="Products to destroy"
      showCaption
      look="lines"
      nowrap={false}
      columns={COLUMNS}
      rows={lines}
      rowKey={({ item }) => item.id}
      totals={total}
      totalsLabel="Total"
    />
  );
}
