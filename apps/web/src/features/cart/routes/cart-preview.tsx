import { ActionIcon, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconShoppingCart, IconShoppingCartOff, IconTrash, IconTruck } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ProductImage } from "../../../components/product-image.tsx";
import { emptyCart, removeFromCart, useCart } from "../../../lib/cart-store.ts";
import { formatMoney } from "../../../lib/format.ts";
import { useQuote } from "../api/get-quote.ts";
import { CartNotices } from "../components/cart-notices.tsx";
import { CartQuantity } from "../components/cart-quantity.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { useQuoteCorrections } from "../components/use-quote-corrections.ts";
import classes from "./cart-preview.module.css";

function EmptyCart() {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconShoppingCartOff size={32} aria-hidden />
        </ThemeIcon>
        <Text fw={600} size="lg">
          {MESSAGES.cartEmpty}
        </Text>
        <Button component={Link} to="/" mt="xs" leftSection={<IconArrowLeft size={18} aria-hidden />}>
          Continue Shopping
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * /cart/preview (SPEC §2): the Preview Order table — picture, name, quantity, remove — with
 * Empty Cart (clears it and goes home), Continue Shopping and Check Out. Each line shows its price
 * per pack and total and the page the order's amounts, all from the server's quote (issue 11);
 * a quantity the quote would not accept is changed in the cart with the reason next to it.
 */
export function CartPreviewRoute() {
  const items = useCart();
  const navigate = useNavigate();
  const quote = useQuote(items);
  useQuoteCorrections(quote.data);
  const quoted = (id: number) => quote.data?.lines.find((l) => l.id === id);
  const unsellable = quote.data?.lines.filter((l) => l.quantity === 0) ?? [];
  // A destroy order holds only destroy lines (SPEC §4); a mixed cart is not priced (get-quote.ts).
  const mixed = items.some((i) => i.is_destroy) && items.some((i) => !i.is_destroy);

  // A destroy order holds only destroy lines (SPEC §4): a mixed cart gets the error dialog.
  function checkOut(event: MouseEvent) {
    if (unsellable.length) {
      event.preventDefault();
      modals.open({
        title: "Some products cannot be ordered",
        children: <Text>Remove the products marked in your cart, then check out.</Text>,
      });
      return;
    }
    if (mixed) {
      event.preventDefault();
      modals.open({ title: "Oops", children: <Text>{MESSAGES.destroyOnlyCart}</Text> });
    }
  }

  return (
    <Stack gap="lg">
      <title>Preview Order · Vet Portal</title>
      <Group justify="space-between" align="flex-end">
        <Title order={1}>Preview Order</Title>
        {items.length > 0 && (
          <Text c="dimmed" size="sm">
            {items.length === 1 ? "1 product" : `${items.length} products`}
          </Text>
        )}
      </Group>
      <CartNotices />
      {items.length === 0 ? (
        <EmptyCart />
      ) : (
        <>
          <Paper withBorder radius="md" className={classes.tableWrap}>
            <Table verticalSpacing="sm" horizontalSpacing="md" className={classes.table}>
              <VisuallyHidden component="caption">Products in your cart</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Product</Table.Th>
                  <Table.Th scope="col">Quantity (packs)</Table.Th>
                  <Table.Th scope="col" ta="right" className={classes.amountColumn}>
                    Total
                  </Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const line = quoted(item.id);
                  return (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <div className={classes.product}>
                          <ProductImage src={item.image_url} alt="" radius="sm" bg="gray.0" className={classes.thumb} />
                          <Stack gap={2} style={{ minWidth: 0 }}>
                            <Text component={Link} to={`/product/${item.id}`} fw={600} className={classes.productLink}>
                              {item.display_name}
                            </Text>
                            <Text size="xs" c="dimmed">
                              Packs of {item.package_quantity} · order {item.min_quantity}–{item.max_quantity}
                            </Text>
                            {line && line.quantity > 0 && (
                              <Text size="xs">
                                {formatMoney(line.unit_price_cents)} per pack
                                {/* Phones have no Total column: the line's total is given here. */}
                                <span className={classes.inlineTotal}>
                                  {" "}
                                  · total {formatMoney(line.total_price_cents)}
                                </span>
                              </Text>
                            )}
                            {line?.quantity === 0 && (
                              <Text size="xs" c="red.9" fw={600}>
                                {line.message}
                              </Text>
                            )}
                          </Stack>
                        </div>
                      </Table.Td>
                      <Table.Td>
                        <CartQuantity item={item} />
                      </Table.Td>
                      <Table.Td ta="right" className={`${classes.amount} ${classes.amountColumn}`}>
                        {line ? formatMoney(line.total_price_cents) : "…"}
                        {line && line.pick_fee_cents > 0 && (
                          <Text size="xs" c="dimmed">
                            + {formatMoney(line.pick_fee_cents)} pick fee
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size={36}
                          className={classes.remove}
                          onClick={() => removeFromCart(item.id)}
                          aria-label={`Remove ${item.display_name}`}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Paper>
          <Paper withBorder radius="md" p="md" className={classes.summary}>
            <Title order={2} size="h4" mb="xs">
              Order Summary
            </Title>
            {mixed ? (
              <Text size="sm" role="status">
                {MESSAGES.destroyOnlyCart} Remove the products to destroy, or the others, to see the order's amounts.
              </Text>
            ) : (
              <OrderSummary query={quote} />
            )}
          </Paper>
          <div className={classes.actions}>
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconShoppingCartOff size={18} aria-hidden />}
              onClick={() => {
                emptyCart();
                navigate("/");
              }}
            >
              Empty Cart
            </Button>
            <Group gap="sm" className={classes.mainActions}>
              <Button
                variant="default"
                component={Link}
                to="/"
                leftSection={<IconShoppingCart size={18} aria-hidden />}
              >
                Continue Shopping
              </Button>
              <Button
                component={Link}
                to="/cart/shipping"
                onClick={checkOut}
                leftSection={<IconTruck size={18} aria-hidden />}
              >
                Check Out
              </Button>
            </Group>
          </div>
        </>
      )}
    </Stack>
  );
}
