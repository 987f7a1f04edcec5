import { ActionIcon, Group, Stack, Text } from "@mantine/core";
import { IconMinus, IconPlus } from "@tabler/icons-react";
import { type CartItem, MESSAGES, packs } from "@vetportal/contract";
import { useState } from "react";
import { CountInput } from "../../../components/count-input.tsx";
import { decrementCartQuantity, incrementCartQuantity, setCartQuantity, useCartNote } from "../../../lib/cart-store.ts";
import { checkQuantity, withRange } from "../../../lib/quantity.ts";
import classes from "./cart-quantity.module.css";

/**
 * A cart line's quantity: − and + step by one pack within the product's limits, and a typed value
 * is settled on blur or Enter by the product page's rule (SPEC §5); an empty or 0 entry goes back
 * to the minimum, since a line must keep a quantity (removing is the remove icon's job). Whenever
 * the portal chooses the quantity — here, or the server's quote (stock, the quantities a product
 * comes in) — the line's note says what it did and why, until the line changes again.
 */
export function CartQuantity({ item }: { item: CartItem }) {
  const { min_quantity: min, max_quantity: max } = item;
  /** What is being typed; null shows the cart's quantity. */
  const [draft, setDraft] = useState<number | string | null>(null);
  const notice = useCartNote(item.id);
  const outOfRange = item.quantity < min || item.quantity > max;

  function commit() {
    if (draft === null) return;
    const check = checkQuantity(draft, { min_quantity: min, max_quantity: max });
    if (check.kind === "empty") {
      setCartQuantity(
        item.id,
        min,
        `Set to the minimum of ${packs(min)}: a line needs a quantity (remove it with the bin).`,
      );
    } else {
      const note = check.corrected ? withRange(check.message, min, max) : null;
      setCartQuantity(item.id, check.quantity, note);
    }
    setDraft(null);
  }

  function step(direction: 1 | -1) {
    setDraft(null);
    if (direction === 1) incrementCartQuantity(item.id);
    else decrementCartQuantity(item.id);
  }

  const name = item.display_name;
  return (
    <Stack gap={4}>
      <Group gap={6} wrap="nowrap">
        <ActionIcon
          variant="default"
          size={36}
          className={classes.step}
          onClick={() => step(-1)}
          disabled={item.quantity <= min}
          aria-label={`Decrease quantity of ${name}`}
        >
          <IconMinus size={16} aria-hidden />
        </ActionIcon>
        <CountInput
          aria-label={`Quantity of ${name}`}
          value={draft ?? item.quantity}
          onChange={setDraft}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            }
          }}
          min={min}
          max={max}
          clampBehavior="none"
          className={classes.input}
          styles={{ input: { textAlign: "center", paddingInline: 4 } }}
          error={outOfRange}
        />
        <ActionIcon
          variant="default"
          size={36}
          className={classes.step}
          onClick={() => step(1)}
          disabled={item.quantity >= max}
          aria-label={`Increase quantity of ${name}`}
        >
          <IconPlus size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {/* Always present, so screen readers announce a correction when it appears. */}
      <div role="status">
        {(notice || outOfRange) && (
          <Text size="xs" c={outOfRange ? "red.9" : undefined} fw={600} maw={200}>
            {notice ?? MESSAGES.quantityBetween(min, max)}
          </Text>
        )}
      </div>
    </Stack>
  );
}
