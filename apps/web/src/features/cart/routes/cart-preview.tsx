import { ActionIcon, Button, Group, Paper, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconShoppingCart, IconShoppingCartOff, IconTrash, IconTruck } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { ProductImage } from "../../../components/product-image.tsx";
import { emptyCart, removeFromCart, useCart } from "../../../lib/cart-store.ts";
import { CartNotices } from "../components/cart-notices.tsx";
import { CartQuantity } from "../components/cart-quantity.tsx";
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
 * Empty Cart (clears it and goes home), Continue Shopping and Check Out.
 */
export function CartPreviewRoute() {
  const items = useCart();
  const navigate = useNavigate();

  // A destroy order holds only destroy lines (SPEC §4): a mixed cart gets the error dialog.
  function checkOut(event: MouseEvent) {
    if (items.some((i) => i.is_destroy) && items.some((i) => !i.is_destroy)) {
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
              <Table.Caption className={classes.caption}>Products in your cart</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Product</Table.Th>
                  <Table.Th scope="col">Quantity (packs)</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Remove</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
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
                        </Stack>
                      </div>
                    </Table.Td>
                    <Table.Td>
                      <CartQuantity item={item} />
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
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          <Text size="sm" c="dimmed">
            Prices, fees and tax are calculated when you place the order; they appear on your receipt.
          </Text>
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
