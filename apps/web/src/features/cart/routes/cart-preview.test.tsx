import { screen, waitFor, within } from "@testing-library/react";
import { QuoteSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { addToCart, getCart } from "../../../lib/cart-store.ts";
import { cartItem, quoteFor } from "../../../test/fixtures.ts";
import { apiError, apiOk } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { CartPreviewRoute } from "./cart-preview.tsx";

type QuoteOptions = Parameters<typeof quoteFor>[1];

/** The cart page over `items`, the server quoting each request with `options`. */
function openCart(items = [cartItem()], options: QuoteOptions = {}) {
  signIn();
  for (const item of items) addToCart(item);
  const quote = apiOk("/api/order/quote", QuoteSchema, (body) => quoteFor(body, options));
  server.use(quote.handler);
  return { ...renderPage(<CartPreviewRoute />, { url: "/cart/preview" }), quote };
}

const cartTable = () => screen.getByRole("table", { name: "Products in your cart" });
const amounts = () => screen.getByLabelText("Order amounts");

describe("cart preview", () => {
  it("prices the cart with the server's quote: each line and the order's amounts", async () => {
    const { quote } = openCart([cartItem(), cartItem({ id: 102, display_name: "Flea Drops", quantity: 4 })]);
    expect(await screen.findByRole("heading", { level: 1, name: "Preview Order" })).toBeInTheDocument();
    expect(screen.getByText("2 products")).toBeInTheDocument();
    await waitFor(() => expect(amounts()).toBeInTheDocument());
    expect(quote.calls.last).toEqual({
      items: [
        { id: 101, quantity: 3 },
        { id: 102, quantity: 4 },
      ],
    });
    const chews = within(cartTable()).getByRole("row", { name: /Dental Chews/ });
    expect(chews).toHaveTextContent("$10.00 per pack");
    expect(chews).toHaveTextContent("$30.00");
    expect(within(chews).getByRole("link", { name: "Dental Chews" })).toHaveAttribute("href", "/product/101");
    // Items $70.00, processing $5.00, tax 8 % $5.60.
    expect(amounts()).toHaveTextContent("Items$70.00");
    expect(amounts()).toHaveTextContent("ShippingChoose a delivery method");
    expect(amounts()).toHaveTextContent("Total$80.60");
  });

  it("steps a quantity with + and −, within the product's limits, and prices it again", async () => {
    const { user, quote } = openCart([cartItem({ quantity: 9 })]);
    await waitFor(() => expect(amounts()).toHaveTextContent("Items$90.00"));
    const more = screen.getByRole("button", { name: "Increase quantity of Dental Chews" });
    await user.click(more);
    expect(screen.getByRole("textbox", { name: "Quantity of Dental Chews" })).toHaveValue("10");
    expect(more).toBeDisabled();
    await waitFor(() => expect(amounts()).toHaveTextContent("Items$100.00"));
    expect(quote.calls.last).toEqual({ items: [{ id: 101, quantity: 10 }] });
    await user.click(screen.getByRole("button", { name: "Decrease quantity of Dental Chews" }));
    expect(getCart()[0]?.quantity).toBe(9);
  });

  it("sets an emptied quantity back to the minimum and says why", async () => {
    const { user } = openCart();
    const quantity = await screen.findByRole("textbox", { name: "Quantity of Dental Chews" });
    await user.clear(quantity);
    await user.keyboard("{Enter}");
    expect(quantity).toHaveValue("2");
    expect(within(cartTable()).getByText(/Set to the minimum of 2 packs/)).toBeInTheDocument();
    expect(getCart()[0]?.quantity).toBe(2);
  });

  it("takes the quantity the server would accept into the cart, with its reason", async () => {
    openCart([cartItem({ quantity: 8 })], {
      lines: {
        101: { quantity: 5, reason: "not_enough_stock", message: "Lowered to 5 packs: only 5 packs in stock." },
      },
    });
    expect(await screen.findByText("Lowered to 5 packs: only 5 packs in stock.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Quantity of Dental Chews" })).toHaveValue("5");
    expect(getCart()[0]?.quantity).toBe(5);
  });

  it("marks a line the portal cannot sell and refuses to check out until it is removed", async () => {
    const { user, router } = openCart([cartItem(), cartItem({ id: 102, display_name: "Flea Drops" })], {
      lines: { 102: { quantity: 0, reason: "unavailable", message: "This product is no longer available." } },
    });
    expect(await screen.findByText("This product is no longer available.")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Check Out" }));
    const dialog = await screen.findByRole("dialog", { name: "Some products cannot be ordered" });
    expect(dialog).toHaveTextContent("Remove the products marked in your cart");
    expect(router.state.location.pathname).toBe("/cart/preview");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await user.click(screen.getByRole("button", { name: "Remove Flea Drops" }));
    await waitFor(() => expect(screen.queryByText("This product is no longer available.")).not.toBeInTheDocument());
    await user.click(screen.getByRole("link", { name: "Check Out" }));
    expect(router.state.location.pathname).toBe("/cart/shipping");
  });

  it("does not price a cart that mixes destroy and ordinary products, and refuses to check out", async () => {
    const { user, router, quote } = openCart([
      cartItem(),
      cartItem({ id: 102, display_name: "Old Stock", is_destroy: true }),
    ]);
    expect(await screen.findByText(/Remove the products to destroy, or the others/)).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Check Out" }));
    expect(await screen.findByRole("dialog", { name: "Oops" })).toHaveTextContent(
      "Your shopping cart must contain only destroy products!",
    );
    expect(router.state.location.pathname).toBe("/cart/preview");
    expect(quote.calls.count).toBe(0);
  });

  it("removes a line, and shows the empty cart once the last one is gone", async () => {
    const { user } = openCart([cartItem(), cartItem({ id: 102, display_name: "Flea Drops" })]);
    await user.click(await screen.findByRole("button", { name: "Remove Dental Chews" }));
    expect(within(cartTable()).queryByRole("row", { name: /Dental Chews/ })).not.toBeInTheDocument();
    expect(screen.getByText("1 product")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove Flea Drops" }));
    expect(screen.getByText("Your cart is empty!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Continue Shopping" })).toHaveAttribute("href", "/");
    expect(getCart()).toEqual([]);
  });

  it("empties the cart and goes home on Empty Cart", async () => {
    const { user, router } = openCart();
    await user.click(await screen.findByRole("button", { name: "Empty Cart" }));
    expect(getCart()).toEqual([]);
    expect(router.state.location.pathname).toBe("/");
  });

  it("shows prices that could not be loaded with a retry", async () => {
    signIn();
    addToCart(cartItem());
    server.use(apiError("/api/order/quote", 400, "VALIDATION_FAILED", "The cart could not be priced.").handler);
    renderPage(<CartPreviewRoute />, { url: "/cart/preview" });
    expect(await screen.findByText("Prices could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("The cart could not be priced.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
