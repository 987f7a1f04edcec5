import { Alert, Anchor, Button, NativeSelect, Stack, Text, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import {
  type CheckoutCostCenterSchema,
  type DeliveryMethod,
  formatPhone,
  MESSAGES,
  PlaceOrderRequestSchema,
} from "@vetportal/contract";
import { useRef, useState } from "react";
import { Link } from "react-router";
import type { z } from "zod";
import { EmailField, PhoneField } from "../../../components/form-fields.tsx";
import { GrowingTextarea } from "../../../components/growing-textarea.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { useCart } from "../../../lib/cart-store.ts";
import { useAppForm } from "../../../lib/form-kit.ts";
import { schemaValidator } from "../../../lib/form-validation.ts";
import { useSession } from "../../../lib/session.ts";
import { type PlaceOrderBody, usePlaceOrder } from "../api/place-order.ts";

/** The shipping form's part of the order to place (SPEC §5 "Shipping"): the contract's own rules. */
const ShippingFormSchema = PlaceOrderRequestSchema.pick({
  contact_name: true,
  contact_phone: true,
  email: true,
  delivery_method_id: true,
  shipping_instruction: true,
  po_number: true,
});

// A type alias, not an interface: the form resolver wants a plain record.
type ShippingValues = {
  contact_name: string;
  contact_phone: string;
  email: string;
  delivery_method_id: string;
  shipping_instruction: string;
  po_number: string;
  cost_center_id: string;
};
const FIELDS = new Set<string>([
  "contact_name",
  "contact_phone",
  "email",
  "delivery_method_id",
  "shipping_instruction",
  "po_number",
  "cost_center_id",
]);
const COST_CENTER_REQUIRED = "Choose a cost center: your department requires one.";

// The select holds the id as text; the contract takes a number (decision 028), "" as 0 ("required").
const validateFields = schemaValidator(ShippingFormSchema, (values: ShippingValues) => ({
  ...values,
  delivery_method_id: Number(values.delivery_method_id),
}));

/** An Idempotency-Key (8–200 characters); randomUUID needs a secure context, so there is a fallback. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}

export interface PlaceOrderFailure {
  message: string;
  /** Messages about cart lines, by product id (the server's "items.<id>" fields). */
  lines: Record<number, string>;
}

/** A refused order's field messages: those about cart lines ("items.<id>") by product id, the others by field. */
interface OrderErrors {
  lines: Record<number, string>;
  fields: Record<string, string>;
}

function orderErrors(error: unknown): OrderErrors {
  const errors: OrderErrors = { lines: {}, fields: {} };
  if (!(error instanceof ApiError)) return errors;
  for (const [key, message] of Object.entries(error.fields)) {
    const line = /^items\.(\d+)$/.exec(key);
    if (line) errors.lines[Number(line[1])] = message;
    else errors.fields[key] = message;
  }
  return errors;
}

/**
 * Places an order (or a destroy order) with one Idempotency-Key for the whole attempt, so a retry can
 * never place a second order. A placed order ends the attempt; so does a key the server says was
 * spent on an attempt with other details, whose answer was lost: that order may exist, and a
 * deliberate new attempt gets a new key.
 */
export function useOrderPlacement(onPlaced: (orderId: number) => void) {
  const placeOrder = usePlaceOrder();
  const idempotencyKey = useRef<string | null>(null);

  function place(body: PlaceOrderBody, onError: (error: unknown, errors: OrderErrors) => void) {
    idempotencyKey.current ??= newIdempotencyKey();
    // The promise, not mutate()'s callbacks: those are dropped when the form unmounts before the
    // answer comes, as it does when the cart, refetched after a lost connection returns, is already
    // empty because the order went through (decision 037).
    placeOrder.mutateAsync({ idempotencyKey: idempotencyKey.current, body }).then(
      (orderId) => {
        idempotencyKey.current = null;
        onPlaced(orderId);
      },
      (error) => {
        if (isKeyReused(error)) idempotencyKey.current = null;
        onError(error, orderErrors(error));
      },
    );
  }

  return { place, isPending: placeOrder.isPending };
}

function isKeyReused(error: unknown): boolean {
  return error instanceof ApiError && error.code === "IDEMPOTENCY_KEY_REUSED";
}

interface ShippingFormProps {
  deliveryMethods: DeliveryMethod[];
  /** The cost centers of the user's department; none: the field is not shown. */
  costCenters: z.infer<typeof CheckoutCostCenterSchema>[];
  costCenterRequired: boolean;
  /** Why the order cannot be placed as the cart stands (lines the portal cannot sell), if so. */
  blocked: string | null;
  /** The chosen delivery method (the quote's shipping depends on it). */
  onDeliveryMethodChange: (id: number | undefined) => void;
  /** The chosen delivery address; the practice's own address when undefined. */
  shippingAddressId: number | undefined;
  onFailure: (failure: PlaceOrderFailure | null) => void;
  onPlaced: (orderId: number) => void;
}

/** The order to place: the form's values, trimmed, and the cart's lines. */
function orderBody(
  values: ShippingValues,
  items: ReturnType<typeof useCart>,
  shippingAddressId: number | undefined,
): PlaceOrderBody {
  const note = values.shipping_instruction.trim();
  const po = values.po_number.trim();
  return {
    contact_name: values.contact_name.trim(),
    contact_phone: values.contact_phone,
    email: values.email.trim(),
    delivery_method_id: Number(values.delivery_method_id),
    shipping_instruction: note || undefined,
    shipping_address_id: shippingAddressId,
    po_number: po || undefined,
    cost_center_id: values.cost_center_id ? Number(values.cost_center_id) : undefined,
    items: items.map((item) => ({ id: item.id, quantity: item.quantity, is_destroy: item.is_destroy || undefined })),
  };
}

/** Why the last attempt placed no order, with the way back to the cart. */
function FailureAlert({ failure }: { failure: string }) {
  return (
    <Alert color="red" variant="light" title="Your order was not placed" icon={<IconAlertCircle aria-hidden />}>
      <Stack gap={4}>
        <Text size="sm">{failure}</Text>
        <Text size="sm">
          Your cart is unchanged.{" "}
          <Anchor component={Link} to="/cart/preview" size="sm" underline="always">
            Edit your cart
          </Anchor>
        </Text>
      </Stack>
    </Alert>
  );
}

/** Why the cart cannot be ordered as it stands, with the way back to it. */
function BlockedAlert({ blocked }: { blocked: string }) {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden />}>
      <Text size="sm">
        {blocked}{" "}
        <Anchor component={Link} to="/cart/preview" size="sm" underline="always">
          Edit your cart
        </Anchor>
      </Text>
    </Alert>
  );
}

/** The cost center of the order, among the user's department's; required when the department says so. */
function CostCenterField({
  form,
  costCenters,
  costCenterRequired,
}: {
  form: UseFormReturnType<ShippingValues>;
  costCenters: ShippingFormProps["costCenters"];
  costCenterRequired: boolean;
}) {
  return (
    <NativeSelect
      label="Cost Center"
      description={costCenterRequired ? "Your department requires a cost center on every order." : "Optional."}
      withAsterisk={costCenterRequired}
      data={[
        { value: "", label: costCenterRequired ? "Select a cost center" : "None" },
        ...costCenters.map((c) => ({ value: String(c.id), label: c.name })),
      ]}
      {...form.getInputProps("cost_center_id")}
    />
  );
}

/** The form, filled from the user's profile, with the delivery method and cost center chosen when there is one. */
function useShippingValues(
  profile: NonNullable<ReturnType<typeof useSession>>["profile"] | undefined,
  {
    deliveryMethods,
    costCenters,
    costCenterRequired,
    onDeliveryMethodChange,
  }: Pick<ShippingFormProps, "deliveryMethods" | "costCenters" | "costCenterRequired" | "onDeliveryMethodChange">,
) {
  return useAppForm<ShippingValues>({
    initialValues: {
      contact_name: [profile?.first_name, profile?.last_name].filter(Boolean).join(" "),
      contact_phone: formatPhone(profile?.phone ?? ""),
      email: profile?.email ?? "",
      delivery_method_id: deliveryMethods.length === 1 ? String(deliveryMethods[0]?.id) : "",
      shipping_instruction: "",
      po_number: "",
      cost_center_id: costCenters.length === 1 && costCenterRequired ? String(costCenters[0]?.id) : "",
    },
    validate: (values) => ({
      ...validateFields(values),
      ...(costCenterRequired && !values.cost_center_id ? { cost_center_id: COST_CENTER_REQUIRED } : {}),
    }),
    onValuesChange: (values, previous) => {
      if (values.delivery_method_id !== previous.delivery_method_id)
        onDeliveryMethodChange(Number(values.delivery_method_id) || undefined);
    },
  });
}

/**
 * Contact_Name, Contact_Phone, Delivery_Method, Email and the optional note (SPEC §2, §5), an
 * optional PO number, and a cost center of the user's department when it has some (required when
 * the department says so; issue 11). Place Order is disabled while the order is being placed and
 * enabled again after a failure (DESIGN §7); one Idempotency-Key is kept for the whole attempt,
 * so a retry can never place a second order.
 */
export function ShippingForm({
  deliveryMethods,
  costCenters,
  costCenterRequired,
  blocked,
  onDeliveryMethodChange,
  shippingAddressId,
  onFailure,
  onPlaced,
}: ShippingFormProps) {
  const profile = useSession()?.profile;
  const items = useCart();
  const placeOrder = useOrderPlacement(onPlaced);
  const [failure, setFailure] = useState<string | null>(null);

  const form = useShippingValues(profile, { deliveryMethods, costCenters, costCenterRequired, onDeliveryMethodChange });

  function submit(values: ShippingValues) {
    // A destroy order holds only destroy lines (SPEC §4); the server refuses a mix too.
    if (items.some((i) => i.is_destroy) && items.some((i) => !i.is_destroy)) {
      setFailure(MESSAGES.destroyOnlyCart);
      return;
    }
    setFailure(null);
    onFailure(null);
    const body = orderBody(values, items, shippingAddressId);
    placeOrder.place(body, (error, { lines, fields }) => {
      if (error instanceof ApiError) {
        form.setErrors(Object.fromEntries(Object.entries(fields).filter(([key]) => FIELDS.has(key))));
      }
      const hasLineErrors = Object.keys(lines).length > 0;
      // The key was spent on an earlier attempt whose answer was lost and whose details differed:
      // that order may exist. Say so.
      const message = hasLineErrors
        ? "Some products in your cart need attention: see the message next to each one."
        : isKeyReused(error)
          ? MESSAGES.orderMayAlreadyBePlaced
          : errorMessage(error);
      setFailure(message);
      onFailure({ message, lines });
    });
  }

  const methodOptions = [
    { value: "", label: "Select a delivery method" },
    ...deliveryMethods.map((m) => ({ value: String(m.id), label: m.remarks ? `${m.name} (${m.remarks})` : m.name })),
  ];

  return (
    <form noValidate onSubmit={form.onSubmit(submit)} aria-label="Shipping">
      <Stack gap="md">
        {failure && <FailureAlert failure={failure} />}
        <TextInput
          label="Contact Name"
          autoComplete="name"
          withAsterisk
          maxLength={200}
          {...form.getInputProps("contact_name")}
        />
        <PhoneField form={form} name="contact_phone" label="Contact Phone" withAsterisk />
        <NativeSelect
          label="Delivery Method"
          withAsterisk
          data={methodOptions}
          {...form.getInputProps("delivery_method_id")}
        />
        {costCenters.length > 0 && (
          <CostCenterField form={form} costCenters={costCenters} costCenterRequired={costCenterRequired} />
        )}
        <TextInput
          label="PO Number"
          description="Optional: your purchase order number, printed on the receipt."
          maxLength={50}
          autoComplete="off"
          {...form.getInputProps("po_number")}
        />
        <EmailField
          form={form}
          name="email"
          label="Email"
          withAsterisk
          maxLength={254}
          description="The order confirmation is sent here."
        />
        <GrowingTextarea
          label="Order Note"
          description="Optional: delivery instructions or a note for your records."
          minRows={2}
          maxRows={6}
          maxLength={1000}
          {...form.getInputProps("shipping_instruction")}
        />
        {blocked && <BlockedAlert blocked={blocked} />}
        <Button
          type="submit"
          size="md"
          loading={placeOrder.isPending}
          disabled={placeOrder.isPending || items.length === 0 || blocked !== null}
        >
          Place Order
        </Button>
      </Stack>
    </form>
  );
}
