import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconArrowLeft, IconShoppingCart, IconShoppingCartOff, IconTruck } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { emptyCart, getCart, useCart } from "../../../lib/cart-store.ts";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { firstQuoteQueries, useQuote } from "../api/get-quote.ts";
import { CartLinesTable } from "../components/cart-lines-table.tsx";
import { CartNotices } from "../components/cart-notices.tsx";
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

/** The first page of a visit shows the priced cart in its first paint (lib/first-data-loader.ts). */
export function cartPreviewLoader() {
  return loadFirstData(firstQuoteQueries(getCart()));
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
          <CartLinesTable items={items} quoted={quoted} />
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
