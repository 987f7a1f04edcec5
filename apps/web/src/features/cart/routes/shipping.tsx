import { Alert, Anchor, Grid, Loader, NativeSelect, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { MESSAGES } from "@vetportal/contract";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { AddressBlock } from "../../../components/address-block.tsx";
import { LoadError } from "../../../components/page-state.tsx";
import { dismissCartNotices, dropLocalLines, getCart, useCart } from "../../../lib/cart-store.ts";
import { loadFirstData } from "../../../lib/first-data-loader.ts";
import { FOCUS_HEADING_STATE } from "../../../lib/focus-heading.ts";
import { addressesQueryOptions, useAddresses } from "../../../lib/list-addresses.ts";
import { useLogEvent } from "../../../lib/log-event.ts";
import { useSession } from "../../../lib/session.ts";
import { customerQueryOptions, useCustomer } from "../api/get-customer.ts";
import { firstQuoteQueries, useQuote } from "../api/get-quote.ts";
import { CartLineSummary } from "../components/cart-line-summary.tsx";
import { refreshServerCart } from "../components/cart-sync.tsx";
import { DestroyConfirmation } from "../components/destroy-confirmation.tsx";
import { OrderSummary } from "../components/order-summary.tsx";
import { type PlaceOrderFailure, ShippingForm } from "../components/shipping-form.tsx";
import { useQuoteCorrections } from "../components/use-quote-corrections.ts";

/**
 * The delivery address: the practice's address from the profile, or another of the user's own
 * addresses (added under Account → Addresses) chosen here.
 */
/** The first paint of a fresh visit waits for the addresses and the delivery methods (lib/first-data-loader.ts). */
export const shippingLoader = () =>
  loadFirstData([
    addressesQueryOptions({ belong_to: "user" }),
    customerQueryOptions(),
    ...firstQuoteQueries(getCart()),
  ]);

function DeliverTo({ addressId, onChange }: { addressId: number | undefined; onChange: (id: number) => void }) {
  const profile = useSession()?.profile;
  const addresses = useAddresses({ belong_to: "user" });
  const list = addresses.data ?? [];
  const chosen = list.find((a) => a.id === addressId);
  const fallback = profile?.address;
  const shown = chosen
    ? { ...chosen, name: chosen.company ?? chosen.contact ?? profile?.representation }
    : fallback
      ? { ...fallback, name: profile?.representation ?? fallback.title }
      : undefined;
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Deliver To
      </Title>
      {list.length > 1 && (
        <NativeSelect
          label="Delivery address"
          mb="sm"
          value={String(addressId ?? "")}
          onChange={(event) => onChange(Number(event.currentTarget.value))}
          data={list.map((a) => ({
            value: String(a.id),
            label: [a.dropdown_name ?? a.company, `${a.line1}, ${a.city}, ${a.state} ${a.zip_code}`]
              .filter(Boolean)
              .join(": "),
          }))}
        />
      )}
      {shown ? (
        <AddressBlock address={shown} />
      ) : (
        <Text size="sm" c="dimmed">
          No delivery address is on file for your practice. Please contact Customer Service.
        </Text>
      )}
    </Paper>
  );
}

/**
 * /cart/shipping (SPEC §2): the cart's lines, the profile's delivery address and the shipping form.
 * The lines and the order's amounts are the server's quote for the chosen delivery method (issue
 * 11): the receipt will show the same total. A placed order empties the cart and opens
 * /order/{id}/1; a refused one keeps the cart and shows each reason next to its line or field.
 */
export function ShippingRoute() {
  const items = useCart();
  const customer = useCustomer();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<PlaceOrderFailure | null>(null);
  const [placedOrderId, setPlacedOrderId] = useState<number | null>(null);
  const [addressId, setAddressId] = useState<number | undefined>(useSession()?.profile?.address?.address_id);
  const [deliveryMethodId, setDeliveryMethodId] = useState<number | undefined>();
  const quote = useQuote(items, deliveryMethodId);
  useQuoteCorrections(quote.data);
  const unsellable = quote.data?.lines.filter((l) => l.quantity === 0 && items.some((i) => i.id === l.id)) ?? [];
  useLogEvent({ event: "checkout" });

  function onPlaced(orderId: number) {
    // Shown while the confirmation page loads, instead of the now empty cart.
    setPlacedOrderId(orderId);
    // The server took the ordered lines out of the user's cart with the order; anything another
    // tab added meanwhile stays there and comes back with the server's cart.
    dropLocalLines(items.map((i) => i.id));
    refreshServerCart();
    dismissCartNotices();
    // Focus then moves to the confirmation's heading (lib/focus-heading.ts).
    navigate(`/order/${orderId}/1`, { replace: true, state: FOCUS_HEADING_STATE });
  }

  if (placedOrderId !== null) {
    return (
      <Stack align="center" py="xl" gap="sm">
        <Title order={1}>Order placed</Title>
        <Loader aria-label="Opening your order" />
      </Stack>
    );
  }

  // A destroy cart (SPEC §4) ships nothing: its own confirmation instead of the shipping form.
  if (items.length > 0 && items.every((item) => item.is_destroy)) {
    return <DestroyConfirmation items={items} onPlaced={onPlaced} />;
  }

  return (
    <Stack gap="lg">
      <title>Shipping · Vet Portal</title>
      <Stack gap={4}>
        <Title order={1}>Shipping</Title>
        <Text c="dimmed">Check your products, tell us who to contact and how to ship, then place the order.</Text>
      </Stack>
      {items.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text fw={600}>{MESSAGES.cartEmpty}</Text>
            <Anchor component={Link} to="/">
              Continue Shopping
            </Anchor>
          </Stack>
        </Paper>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }} order={{ base: 1, md: 2 }}>
            <Stack gap="md">
              <DeliverTo addressId={addressId} onChange={setAddressId} />
              <Paper withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    Your Order
                  </Title>
                  <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: "none" }} aria-label="Products">
                    {items.map((item) => (
                      <li key={item.id}>
                        <CartLineSummary
                          item={item}
                          line={quote.data?.lines.find((l) => l.id === item.id)}
                          error={failure?.lines[item.id]}
                        />
                      </li>
                    ))}
                  </Stack>
                  <Anchor component={Link} to="/cart/preview" size="sm">
                    Edit cart
                  </Anchor>
                  <OrderSummary query={quote} />
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }} order={{ base: 2, md: 1 }}>
            <Paper withBorder radius="md" p={{ base: "md", sm: "lg" }}>
              <Title order={2} size="h4" mb="md">
                Contact and Delivery
              </Title>
              {customer.isPending ? (
                <>
                  <VisuallyHidden role="status">Loading delivery methods…</VisuallyHidden>
                  <Loader aria-hidden />
                </>
              ) : customer.isError ? (
                <LoadError title="The delivery methods could not be loaded" query={customer} />
              ) : customer.data.delivery_methods.length === 0 ? (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconAlertTriangle aria-hidden />}
                  title="No delivery method available"
                >
                  Please contact Customer Service to set up delivery for your practice.
                </Alert>
              ) : (
                <ShippingForm
                  deliveryMethods={customer.data.delivery_methods}
                  costCenters={customer.data.cost_centers}
                  costCenterRequired={customer.data.cost_center_required}
                  blocked={
                    unsellable.length
                      ? `${unsellable.length === 1 ? "A product" : "Some products"} in your cart cannot be ordered: remove ${unsellable.length === 1 ? "it" : "them"} first.`
                      : null
                  }
                  onDeliveryMethodChange={setDeliveryMethodId}
                  shippingAddressId={addressId}
                  onFailure={setFailure}
                  onPlaced={onPlaced}
                />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
