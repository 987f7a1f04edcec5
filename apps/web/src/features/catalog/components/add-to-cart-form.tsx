import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { IconInfoCircle, IconPackageOff, IconShoppingCartPlus } from "@tabler/icons-react";
import { allowedQuantities, MESSAGES, type ProductDetail, type QuantityRule, unitPriceFor } from "@vetportal/contract";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { CountInput } from "../../../components/count-input.tsx";
import { addToCart, useCartItem } from "../../../lib/cart-store.ts";
import { focusFirstInvalid } from "../../../lib/form-kit.ts";
import { logEvent } from "../../../lib/log-event.ts";
import { checkQuantity, withRange } from "../../../lib/quantity.ts";
import { useAwaitingApproval } from "../api/proof.ts";
import { PriceTable } from "./price-table.tsx";

/** The cart line of `quantity` packs of the product, at the price of that quantity. */
function cartLine(product: ProductDetail, quantity: number) {
  return {
    id: product.id,
    name: product.name,
    display_name: product.display_name,
    image_url: product.image_url,
    package_quantity: product.package_quantity,
    min_quantity: product.min_quantity,
    max_quantity: product.max_quantity,
    quantity,
    price: unitPriceFor(product.price_ranges, quantity),
    is_destroy: false,
  };
}

/** What the portal did to the quantity and why; always present, so screen readers announce it. */
function CorrectionNotice({ notice }: { notice: string | null }) {
  return (
    <div role="status">
      {notice && (
        <Text size="sm" fw={600}>
          <IconInfoCircle
            size={16}
            aria-hidden
            color="var(--mantine-color-orange-7)"
            style={{ verticalAlign: "-3px", marginRight: 4 }}
          />
          {notice}
        </Text>
      )}
    </div>
  );
}

/**
 * Quantity entry and Add To Cart (SPEC §5 "Product quantity"): the quantity starts at what the cart
 * already holds, else the minimum; below the minimum or above the maximum it is reset with the
 * 'Quantity must be between' message; empty or 0 marks the field and adds nothing. The portal
 * also moves a quantity to one the product comes in and lowers it to the stock when it may not go
 * below zero — each time saying what it did and why (the contract's settleQuantity, the server's
 * rule too). Add To Cart is offered only when the product may be ordered now.
 */
export function AddToCartForm({ product }: { product: ProductDetail }) {
  const { min_quantity: min, max_quantity: max } = product;
  const awaitingApproval = useAwaitingApproval(product);
  const inCart = useCartItem(product.id);
  const [value, setValue] = useState<number | string>(inCart?.quantity || min);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const rangeMessage = MESSAGES.quantityBetween(min, max);
  const rule: QuantityRule = {
    min_quantity: min,
    max_quantity: max,
    allowed: allowedQuantities(product),
    in_stock: product.is_in_inventory && product.no_order_below_zero_inventory ? product.actual_inventory : null,
  };

  /** Applies the rule to what was typed; the quantity to add, or null when there is none. */
  function settle(): { quantity: number; corrected: boolean; message: string | null } | null {
    const check = checkQuantity(value, rule);
    if (check.kind === "empty") return null;
    if (check.corrected) {
      setValue(check.quantity);
      setNotice(withRange(check.message, min, max) ?? rangeMessage);
    }
    setError(null);
    return check;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const settled = settle();
    if (!settled) {
      setNotice(null);
      setError(rangeMessage);
      focusFirstInvalid(event.currentTarget);
      return;
    }
    // A quantity corrected just now is shown first; the next click adds it.
    if (settled.corrected) return;
    const { quantity } = settled;
    addToCart(cartLine(product, quantity), notice);
    logEvent({ event: "add_to_cart", product_id: product.id, quantity });
    navigate("/cart/preview");
  }

  const shown = checkQuantity(value, rule);
  return (
    <Stack gap="md">
      {product.price_ranges.length > 0 && (
        <PriceTable
          ranges={product.price_ranges}
          min={min}
          quantity={shown.kind === "ok" ? shown.quantity : undefined}
        />
      )}
      {product.can_order ? (
        <form noValidate onSubmit={onSubmit} aria-label="Add to cart">
          <Stack gap="xs">
            <CountInput
              label="Quantity (packs)"
              description={`Packs of ${product.package_quantity}; order ${min} to ${max}`}
              value={value}
              onChange={(next) => {
                setValue(next);
                setError(null);
                setNotice(null);
              }}
              onBlur={() => void settle()}
              min={min}
              max={max}
              clampBehavior="none"
              error={error}
              w={200}
              withAsterisk
            />
            <CorrectionNotice notice={notice} />
            <Group gap="sm">
              <Button
                type="submit"
                size="md"
                disabled={awaitingApproval}
                leftSection={<IconShoppingCartPlus size={20} aria-hidden />}
              >
                Add To Cart
              </Button>

              {inCart && (
                <Text size="sm" c="dimmed">
                  In your cart: {inCart.quantity} {inCart.quantity === 1 ? "pack" : "packs"}
                </Text>
              )}
            </Group>
          </Stack>
        </form>
      ) : (
        <Alert color="gray" variant="light" title="Out of stock" icon={<IconPackageOff aria-hidden />}>
          This product cannot be ordered right now. Please check back later or contact Customer Service.
        </Alert>
      )}
    </Stack>
  );
}
