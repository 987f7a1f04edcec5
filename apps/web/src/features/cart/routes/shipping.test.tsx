import { screen, waitFor, within } from "@testing-library/react";
import {
  AddressSchema,
  CustomerSchema,
  IDEMPOTENCY_HEADER,
  MESSAGES,
  ProductDetailSchema,
  QuoteSchema,
  ServerCartSchema,
} from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { addToCart, getCart } from "../../../lib/cart-store.ts";
import { cartItem, productDetail, quoteFor } from "../../../test/fixtures.ts";
import { apiError, apiOk, eventLog } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ShippingRoute } from "./shipping.tsx";

type Customer = z.input<typeof CustomerSchema>;

const GROUND = { id: 1, name: "UPS Ground", remarks: null };
const NEXT_DAY = { id: 2, name: "UPS Next Day Air", remarks: "before 10:30" };

function customer(over: Partial<Customer> = {}): Customer {
  return {
    id: 1,
    name: "Paws Clinic",
    delivery_methods: [GROUND, NEXT_DAY],
    cost_centers: [],
    cost_center_required: false,
    ...over,
  };
}

/** The shipping page over the cart `items`, the server answering its calls. */
function openShipping({
  items = [cartItem()],
  customer: answer = customer(),
  quote = {},
}: {
  items?: ReturnType<typeof cartItem>[];
  customer?: Customer;
  quote?: Parameters<typeof quoteFor>[1];
} = {}) {
  signIn();
  for (const item of items) addToCart(item);
  const quotes = apiOk("/api/order/quote", QuoteSchema, (body) =>
    quoteFor(body, { ...quote, shipping: (body as { delivery_method_id?: number }).delivery_method_id ? 1500 : null }),
  );
  const addresses = apiOk("/api/address/query", z.array(AddressSchema), []);
  const serverCart = apiOk("/api/cart/query", ServerCartSchema, { items: [], revision: 4, dropped: [] });
  server.use(
    quotes.handler,
    apiOk("/api/customer/query", CustomerSchema, answer).handler,
    addresses.handler,
    serverCart.handler,
    eventLog().handler,
  );
  const page = renderPage(<ShippingRoute />, { url: "/cart/shipping" });
  return { ...page, quotes, serverCart };
}

const field = (name: RegExp) => screen.getByRole("textbox", { name });
const deliveryMethod = () => screen.getByRole("combobox", { name: /Delivery Method/ });

describe("shipping", () => {
  it("fills the contact from the profile and delivers to the practice's address", async () => {
    openShipping();
    expect(await screen.findByRole("heading", { level: 1, name: "Shipping" })).toBeInTheDocument();
    await screen.findByRole("form", { name: "Shipping" });
    expect(field(/Contact Name/)).toHaveValue("Pat Practice");
    expect(field(/Contact Phone/)).toHaveValue("555-555-0100");
    expect(field(/Email/)).toHaveValue("pat@paws.example.com");
    expect(screen.getByRole("heading", { name: "Deliver To" })).toBeInTheDocument();
    expect(screen.getByText("1 Main St", { exact: false }).closest("address")).toHaveTextContent(
      "Paws Clinic1 Main StAlbany, NY 12207",
    );
  });

  it("prices the shipping once a delivery method is chosen", async () => {
    const { user, quotes } = openShipping();
    await screen.findByRole("form", { name: "Shipping" });
    const amounts = await screen.findByLabelText("Order amounts");
    expect(amounts).toHaveTextContent("ShippingChoose a delivery method");
    await user.selectOptions(deliveryMethod(), "UPS Next Day Air (before 10:30)");
    await waitFor(() => expect(screen.getByLabelText("Order amounts")).toHaveTextContent("Shipping$15.00"));
    expect(quotes.calls.last).toEqual({ items: [{ id: 101, quantity: 3 }], delivery_method_id: 2 });
  });

  it("chooses the only delivery method there is", async () => {
    openShipping({ customer: customer({ delivery_methods: [GROUND] }) });
    await screen.findByRole("form", { name: "Shipping" });
    expect(deliveryMethod()).toHaveDisplayValue("UPS Ground");
  });

  it("places nothing while a required field is missing, and says which", async () => {
    const { user } = openShipping();
    await screen.findByRole("form", { name: "Shipping" });
    await user.clear(field(/Contact Name/));
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(field(/Contact Name/)).toHaveAttribute("aria-invalid", "true");
    expect(deliveryMethod()).toHaveAttribute("aria-invalid", "true");
    expect(getCart()).toHaveLength(1);
  });

  it("places the order with an idempotency key, empties the cart and opens the order", async () => {
    const placed = apiOk("/api/order/add", z.number().int(), 866);
    server.use(placed.handler);
    const { user, router, serverCart } = openShipping();
    await screen.findByRole("form", { name: "Shipping" });
    await user.selectOptions(deliveryMethod(), "UPS Ground");
    await user.type(field(/PO Number/), "PO-77");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/866/1"));
    expect(placed.calls.last).toEqual({
      contact_name: "Pat Practice",
      contact_phone: "555-555-0100",
      email: "pat@paws.example.com",
      delivery_method_id: 1,
      shipping_address_id: 31,
      po_number: "PO-77",
      items: [{ id: 101, quantity: 3 }],
    });
    expect(placed.calls.headers[0]?.get(IDEMPOTENCY_HEADER)).toMatch(/^[\w-]{8,200}$/);
    expect(getCart()).toEqual([]);
    await waitFor(() => expect(serverCart.calls.count).toBe(1));
  });

  it("keeps the cart after a refused order, shows each line's reason, and retries with the same key", async () => {
    const refused = apiError("/api/order/add", 409, "OUT_OF_STOCK", "Not enough stock.", {
      "items.101": "Only 2 packs in stock.",
    });
    server.use(refused.handler);
    const { user } = openShipping();
    await screen.findByRole("form", { name: "Shipping" });
    await user.selectOptions(deliveryMethod(), "UPS Ground");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText("Your order was not placed")).toBeInTheDocument();
    expect(screen.getByText(/Some products in your cart need attention/)).toBeInTheDocument();
    expect(
      within(screen.getByRole("list", { name: "Products" })).getByText("Only 2 packs in stock."),
    ).toBeInTheDocument();
    expect(getCart()).toHaveLength(1);
    const retry = screen.getByRole("button", { name: "Place Order" });
    await waitFor(() => expect(retry).toBeEnabled());
    await user.click(retry);
    await waitFor(() => expect(refused.calls.count).toBe(2));
    const [first, second] = refused.calls.headers;
    expect(second?.get(IDEMPOTENCY_HEADER)).toBe(first?.get(IDEMPOTENCY_HEADER));
  });

  it("says an order may already be placed when the key was spent on another attempt", async () => {
    server.use(apiError("/api/order/add", 409, "IDEMPOTENCY_KEY_REUSED", "Key reused.").handler);
    const { user } = openShipping();
    await screen.findByRole("form", { name: "Shipping" });
    await user.selectOptions(deliveryMethod(), "UPS Ground");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByText(MESSAGES.orderMayAlreadyBePlaced)).toBeInTheDocument();
  });

  it("asks for a cost center when the department requires one", async () => {
    const placed = apiOk("/api/order/add", z.number().int(), 867);
    server.use(placed.handler);
    const { user, router } = openShipping({
      customer: customer({
        cost_centers: [
          { id: 5, name: "Surgery" },
          { id: 6, name: "Boarding" },
        ],
        cost_center_required: true,
      }),
    });
    await screen.findByRole("form", { name: "Shipping" });
    await user.selectOptions(deliveryMethod(), "UPS Ground");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    const costCenter = screen.getByRole("combobox", { name: /Cost Center/ });
    expect(costCenter).toHaveAccessibleDescription(expect.stringContaining("Choose a cost center"));
    expect(placed.calls.count).toBe(0);
    await user.selectOptions(costCenter, "Boarding");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/867/1"));
    expect(placed.calls.last).toMatchObject({ cost_center_id: 6 });
  });

  it("blocks the order while a product in the cart cannot be ordered", async () => {
    openShipping({
      quote: {
        lines: { 101: { quantity: 0, reason: "unavailable", message: "This product is no longer available." } },
      },
    });
    expect(await screen.findByText(/A product in your cart cannot be ordered: remove it first/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });

  it("says so when the practice has no delivery method", async () => {
    openShipping({ customer: customer({ delivery_methods: [] }) });
    expect(await screen.findByText("No delivery method available")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Place Order" })).not.toBeInTheDocument();
  });

  it("destroys a destroy cart's stock only once the user confirms it", async () => {
    const placed = apiOk("/api/order/add", z.number().int(), 870);
    const stock = apiOk("/api/product/query", ProductDetailSchema, productDetail({ id: 101, actual_inventory: 4 }));
    server.use(placed.handler, stock.handler);
    const { user, router } = openShipping({ items: [cartItem({ quantity: 4, is_destroy: true })] });
    expect(await screen.findByRole("heading", { level: 1, name: "Destroy Stock" })).toBeInTheDocument();
    const destroy = screen.getByRole("button", { name: "Destroy 4 packs" });
    await waitFor(() =>
      expect(screen.getByRole("table", { name: "Products to destroy" })).toHaveTextContent("4 packs"),
    );
    expect(destroy).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "I confirm that 4 packs will be destroyed." }));
    await waitFor(() => expect(destroy).toBeEnabled());
    await user.click(destroy);
    await waitFor(() => expect(router.state.location.pathname).toBe("/order/870/1"));
    expect(placed.calls.last).toEqual({ items: [{ id: 101, quantity: 4, is_destroy: true }] });
    expect(getCart()).toEqual([]);
  });

  it("refuses to destroy when the stock changed since the product went into the cart", async () => {
    server.use(
      apiOk("/api/product/query", ProductDetailSchema, productDetail({ id: 101, actual_inventory: 6 })).handler,
    );
    const { user } = openShipping({ items: [cartItem({ quantity: 4, is_destroy: true })] });
    expect(await screen.findByText(/The stock is now 6 packs/)).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "I confirm that 4 packs will be destroyed." }));
    expect(screen.getByRole("button", { name: "Destroy 4 packs" })).toBeDisabled();
  });
});
