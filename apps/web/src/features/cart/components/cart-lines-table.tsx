import { ActionIcon, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import type { CartItem, QuoteLine } from "@vetportal/contract";
import { Link } from "react-router";
import { ProductImage } from "../../../components/product-image.tsx";
import { DataTable, type TableColumn } from "../../../components/table/data-table.tsx";
import { removeFromCart } from "../../../lib/cart-store.ts";
import { formatMoney } from "../../../lib/format.ts";
import classes from "../routes/cart-preview.module.css";
import { CartQuantity } from "./cart-quantity.tsx";

type Line = { item: CartItem; line: QuoteLine | undefined };

function ProductCell({ item, line }: Line) {
  return (
    <div className={classes.product}>
      <ProductImage src={item.image_url} alt="" radius="sm" bg="gray.0" className={classes.thumb} />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text component={Link} to={`/product/${item.id}`} fw={600} className={classes.productLink}>
          {item.display_name}
        </Text>
        <Text size="xs" c="dimmed" fw={400}>
          Packs of {item.package_quantity} · order {item.min_quantity}–{item.max_quantity}
        </Text>
        {line && line.quantity > 0 && (
          <Text size="xs" fw={400}>
            {formatMoney(line.unit_price_cents)} per pack
          </Text>
        )}
        {line?.quantity === 0 && (
          <Text size="xs" c="red.9" fw={600}>
            {line.message}
          </Text>
        )}
      </Stack>
    </div>
  );
}

const COLUMNS: TableColumn<Line>[] = [
  { key: "product", label: "Product", role: "title", wrap: true, cell: (row) => <ProductCell {...row} /> },
  { key: "quantity", label: "Quantity (packs)", cell: ({ item }) => <CartQuantity item={item} /> },
  {
    key: "total",
    label: "Total",
    numeric: true,
    cell: ({ line }) => (
      <>
        {line ? formatMoney(line.total_price_cents) : "…"}
        {line && line.pick_fee_cents > 0 && (
          <Text size="xs" c="dimmed">
            + {formatMoney(line.pick_fee_cents)} pick fee
          </Text>
        )}
      </>
    ),
  },
  {
    key: "remove",
    label: "Remove",
    role: "actions",
    cell: ({ item }) => (
      <ActionIcon
        variant="subtle"
        color="red"
        size={36}
        onClick={() => removeFromCart(item.id)}
        aria-label={`Remove ${item.display_name}`}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    ),
  },
];

/** The cart's lines (SPEC §2 Preview Order): picture and name, quantity, total, remove; a card each on a phone. */
export function CartLinesTable({
  items,
  quoted,
}: {
  items: CartItem[];
  quoted: (id: number) => QuoteLine | undefined;
}) {
  return (
    <DataTable
      label="Products in your cart"
      caption="Products in your cart"
      look="lines"
      nowrap={false}
      framed
      columns={COLUMNS}
      rows={items.map((item) => ({ item, line: quoted(item.id) }))}
      rowKey={({ item }) => item.id}
      tableProps={{ horizontalSpacing: "md" }}
    />
  );
}
