import { Alert, Button, Checkbox, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconFlame } from "@tabler/icons-react";
import type { CartItem } from "@vetportal/contract";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { useProductStocks } from "../api/get-product-stock.ts";
import { DestroyLinesTable, packs } from "./destroy-lines-table.tsx";
import { useOrderPlacement } from "./shipping-form.tsx";

interface DestroyConfirmationProps {
  /** The cart's lines, every one marked is_destroy. */
  items: CartItem[];
  onPlaced: (orderId: number) => void;
}

/**
 * Checkout of a destroy cart (SPEC §4 "Destroy product", issue 11): what is destroyed, how many
 * packs, and each product's stock as it stands now; no carrier, address or contact, since nothing
 * ships. Destroying needs an explicit confirmation, and is refused here (and by the server) when the
 * stock changed since the product went into the cart.
 */
export function DestroyConfirmation({ items, onPlaced }: DestroyConfirmationProps) {
  const stocks = useProductStocks(items.map((i) => i.id));
  const placeOrder = useOrderPlacement(onPlaced);
  const [confirmed, setConfirmed] = useState(false);
  const [failure, setFailure] = useState<{ message: string; lines: Record<number, string> } | null>(null);

  const total = items.reduce((sum, item) => sum + item.quantity, 0);
  const isLoading = stocks.some((s) => s.isPending);
  const changed = items.filter((item, i) => {
    const stock = stocks[i]?.data?.actual_inventory;
    return stock !== undefined && stock !== item.quantity;
  });
  const canDestroy = confirmed && !isLoading && changed.length === 0 && stocks.every((s) => s.isSuccess);

  function destroy() {
    setFailure(null);
    const body = { items: items.map((item) => ({ id: item.id, quantity: item.quantity, is_destroy: true })) };
    placeOrder.place(body, (error, { lines }) => {
      setFailure({ message: errorMessage(error), lines });
      // The stock behind a refusal may have changed: show it as it is now.
      for (const stock of stocks) void stock.refetch();
    });
  }

  return (
    <Stack gap="lg" maw={880}>
      <title>Destroy Stock · Vet Portal</title>
      <Stack gap={4}>
        <Title order={1}>Destroy Stock</Title>
        <Text c="dimmed">
          Check what will be destroyed. Nothing ships, so no delivery method, address or contact is needed.
        </Text>
      </Stack>

      {failure && (
        <Alert color="red" variant="light" title="Nothing was destroyed" icon={<IconAlertCircle aria-hidden />}>
          {failure.message}
        </Alert>
      )}

      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <DestroyLinesTable items={items} stocks={stocks} failures={failure?.lines} total={total} />
      </Paper>

      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title="This cannot be undone">
        The packs are written off the inventory as destroyed. They are not a sale and cost nothing.
      </Alert>

      <Checkbox
        checked={confirmed}
        onChange={(event) => setConfirmed(event.currentTarget.checked)}
        label={`I confirm that ${packs(total)} will be destroyed.`}
      />

      <Group justify="space-between" gap="sm">
        <Button variant="default" component={Link} to="/cart/preview">
          Back to Cart
        </Button>
        <Button
          color="red"
          leftSection={<IconFlame size={18} aria-hidden />}
          onClick={destroy}
          disabled={!canDestroy || placeOrder.isPending}
          loading={placeOrder.isPending}
        >
          Destroy {packs(total)}
        </Button>
      </Group>
    </Stack>
  );
}
