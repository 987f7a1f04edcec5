import { Button, Group, Text } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconFlame } from "@tabler/icons-react";
import { MESSAGES, type ProductDetail, QUICKBOOKS_TYPE_DESTROYABLE } from "@vetportal/contract";
import { useNavigate } from "react-router";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { addToCart, getCart } from "../../../lib/cart-store.ts";
import { useDestroyProduct } from "../api/destroy-product.ts";

/** SPEC §4 "Destroy product": only in-inventory products of type 5. */
export function canDestroy(product: ProductDetail): boolean {
  return product.is_in_inventory && product.quickbooks_type_id === QUICKBOOKS_TYPE_DESTROYABLE;
}

function hasOrderLines(): boolean {
  return getCart().some((line) => !line.is_destroy);
}

/** The error dialog of a cart that would mix destroy and ordinary lines (SPEC §8). */
function showDestroyOnlyDialog(onCart: () => void) {
  const id = modals.open({
    title: "Shopping cart",
    children: (
      <>
        <Text role="alert">{MESSAGES.destroyOnlyCart}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => modals.close(id)}>
            Close
          </Button>
          <Button
            onClick={() => {
              modals.close(id);
              onCart();
            }}
          >
            Go to Cart
          </Button>
        </Group>
      </>
    ),
  });
}

/**
 * Destroy: after 'Are you sure?' the server hands back the cart line for the whole stock, which
 * goes into the cart marked is_destroy; checkout then completes the destruction. A cart holding
 * ordinary lines refuses it, since a cart may only hold destroy lines (SPEC §4).
 */
export function DestroyButton({ product }: { product: ProductDetail }) {
  const navigate = useNavigate();
  const destroy = useDestroyProduct();
  const goToCart = () => navigate("/cart/preview");

  function start() {
    if (hasOrderLines()) {
      showDestroyOnlyDialog(goToCart);
      return;
    }
    confirmAction({
      message: `Destroy all ${product.actual_inventory.toLocaleString("en-US")} in stock of ${product.display_name}? The product goes into the cart; checking out completes the destruction.`,
      confirm: "Destroy stock",
      keep: "Keep stock",
      onConfirm: () =>
        destroy.mutate(product.id, {
          onSuccess: (line) => {
            if (hasOrderLines()) {
              showDestroyOnlyDialog(goToCart);
              return;
            }
            addToCart({ ...line, is_destroy: true });
            goToCart();
          },
        }),
    });
  }

  return (
    <Button
      color="red"
      variant="light"
      leftSection={<IconFlame size={16} aria-hidden />}
      onClick={start}
      loading={destroy.isPending}
    >
      Destroy
    </Button>
  );
}
