import { Button, Divider, Group, NumberInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { AdjustRequestSchema, type ProductDetail, ReplenishRequestSchema } from "@vetportal/contract";
import type { FormEvent, ReactNode } from "react";
import { confirmAction } from "../../../components/confirm-action.tsx";
import { CountInput } from "../../../components/count-input.tsx";
import { FormSection } from "../../../components/form-fields.tsx";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { useAppForm } from "../../../lib/form-kit.ts";
import { notifySaveError, schemaValidator } from "../../../lib/form-validation.ts";
import { useAdjustStock } from "../api/adjust-stock.ts";
import { useReplenishStock } from "../api/replenish-stock.ts";

type ReplenishValues = { quantity: number | string; palettes: number | string; comment: string };
type AdjustValues = { quantity: number | string; comment: string };

/** One stock movement's form: its title, its fields, and a submit button of the same name. */
function StockForm({
  label,
  onSubmit,
  isPending,
  children,
}: {
  label: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  isPending: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      <Stack gap="xs">
        <Title order={3} size="h5">
          {label}
        </Title>
        {children}
        <Group>
          <Button type="submit" variant="light" loading={isPending}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReplenishForm({ productId }: { productId: number }) {
  const replenish = useReplenishStock();
  const form = useAppForm<ReplenishValues>({
    initialValues: { quantity: "", palettes: "", comment: "" },
    validate: schemaValidator(ReplenishRequestSchema, (values: ReplenishValues) => ({
      ...values,
      product_id: productId,
      // The contract takes numbers only (decision 028): what submit sends, "" as 0.
      quantity: Number(values.quantity),
      palettes: values.palettes === "" ? undefined : Number(values.palettes),
    })),
  });

  const submit = form.onSubmit((values) => {
    replenish.mutate(
      {
        product_id: productId,
        quantity: Number(values.quantity),
        palettes: values.palettes === "" ? undefined : Number(values.palettes),
        comment: values.comment,
      },
      {
        onSuccess: () => form.reset(),
        onError: (error) => notifySaveError(form, error),
      },
    );
  });

  return (
    <StockForm label="Replenish" onSubmit={submit} isPending={replenish.isPending}>
      <Text size="sm" c="dimmed">
        Replenish only adds stock received. To remove stock or correct a count, use Adjust.
      </Text>
      <SimpleGrid cols={2} spacing="xs">
        <CountInput label="Quantity received" withAsterisk min={1} {...form.getInputProps("quantity")} />
        <CountInput label="Pallets" min={0} {...form.getInputProps("palettes")} />
      </SimpleGrid>
      <TextInput label="Comment" {...form.getInputProps("comment")} />
    </StockForm>
  );
}

/** "This takes the stock from 173 to -4,827. Continue?" (issue 22 §6). */
export function belowZeroQuestion(balance: number, adjustment: number): string | null {
  const after = balance + adjustment;
  if (after >= 0) return null;
  const count = (n: number) => n.toLocaleString("en-US");
  return `This takes the stock from ${count(balance)} to ${count(after)}. Continue?`;
}

function AdjustForm({
  productId,
  balance,
  mayGoBelowZero,
}: {
  productId: number;
  balance: number;
  mayGoBelowZero: boolean;
}) {
  const adjust = useAdjustStock();
  const form = useAppForm<AdjustValues>({
    initialValues: { quantity: "", comment: "" },
    validate: schemaValidator(AdjustRequestSchema, (values: AdjustValues) => ({
      ...values,
      product_id: productId,
      quantity: Number(values.quantity),
    })),
  });

  const submit = form.onSubmit((values) => {
    const quantity = Number(values.quantity);
    const save = () =>
      adjust.mutate(
        { product_id: productId, quantity, comment: values.comment },
        {
          onSuccess: () => form.reset(),
          onError: (error) => notifySaveError(form, error),
        },
      );
    // Stock below zero, where the product allows it (a count found short), is never a slip of the
    // keyboard: ask first. Where it does not, the server refuses and says why.
    const question = mayGoBelowZero ? belowZeroQuestion(balance, quantity) : null;
    if (question) confirmAction({ message: question, confirm: "Adjust stock", keep: "Don't adjust", onConfirm: save });
    else save();
  });

  return (
    <StockForm label="Adjust" onSubmit={submit} isPending={adjust.isPending}>
      <NumberInput
        label="Adjustment"
        description="Negative to remove stock, for example -12."
        withAsterisk
        allowDecimal={false}
        {...form.getInputProps("quantity")}
      />
      <GrowingTextarea label="Reason" withAsterisk minRows={2} maxRows={4} {...form.getInputProps("comment")} />
    </StockForm>
  );
}

/** The product's stock (DESIGN §3 inventory ledger): the balance, then Replenish and Adjust. */
export function InventoryPanel({ product }: { product: ProductDetail }) {
  const isLow = product.actual_inventory <= product.low_inventory_amount;
  return (
    <FormSection title="Inventory" gap="md">
      <Stack gap={0}>
        <Text size="sm" c="dimmed" id="inventory-balance-label">
          Current balance
        </Text>
        <Text
          fz={32}
          fw={700}
          lh={1.2}
          c={isLow ? "red.9" : undefined}
          aria-labelledby="inventory-balance-label"
          role="status"
          data-testid="inventory-balance"
        >
          {product.actual_inventory.toLocaleString("en-US")}
        </Text>
        <Text size="xs" c="dimmed">
          Low inventory amount {product.low_inventory_amount.toLocaleString("en-US")}
          {product.is_in_inventory ? "" : " · not tracked (not in inventory)"}
        </Text>
      </Stack>
      <Divider />
      {product.is_in_inventory ? (
        <>
          <ReplenishForm productId={product.id} />
          <Divider />
          <AdjustForm
            productId={product.id}
            balance={product.actual_inventory}
            mayGoBelowZero={!product.no_order_below_zero_inventory}
          />
        </>
      ) : (
        <Text size="sm">
          This product is not kept in inventory, so there is no stock to replenish or adjust. Turn on "In inventory" in
          the product's form to count its stock.
        </Text>
      )}
    </FormSection>
  );
}
