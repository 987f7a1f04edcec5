import { screen, waitFor, within } from "@testing-library/react";
import { ProductDetailSchema } from "@vetportal/contract";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { getCart } from "../../../lib/cart-store.ts";
import { productDetail } from "../../../test/fixtures.ts";
import { apiError, apiOk, eventLog } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ProductRoute } from "./product.tsx";

const PATH = "/product/:productId";

/** The product page at /product/101 with the product the server answers, and the page touches logged. */
function openProduct(product = productDetail(), url = "/product/101") {
  signIn();
  const query = apiOk("/api/product/query", ProductDetailSchema, product);
  const events = eventLog();
  server.use(query.handler, events.handler);
  return { ...renderPage(<ProductRoute />, { path: PATH, url }), query, events };
}

describe("product page", () => {
  it("shows the product with its pack rules, prices and shipping estimate", async () => {
    const { query, events } = openProduct();
    expect(await screen.findByRole("heading", { level: 1, name: "Dental Chews" })).toBeInTheDocument();
    expect(query.calls.last).toEqual({ id: 101 });
    await waitFor(() => expect(events.calls.last).toEqual({ event: "product", product_id: 101 }));
    expect(screen.getByText("* Minimum Order 2 Packs of 25")).toBeInTheDocument();
    expect(screen.getByText("* Maximum Order 10 Packs of 25")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "orders@example.com" })).toHaveAttribute(
      "href",
      "mailto:orders@example.com",
    );
    expect(screen.getByText("Estimated Shipping Date: 12/01/2026")).toBeInTheDocument();
    const prices = screen.getByRole("table", { name: "Price per pack" });
    expect(within(prices).getByRole("row", { name: /2–4 packs/ })).toHaveTextContent("$12.00");
    expect(within(prices).getByRole("row", { name: /5\+ packs/ })).toHaveTextContent("$10.00");
  });

  it("asks for the product in the category it was opened from", async () => {
    const { query } = openProduct(productDetail(), "/product/101?category=3");
    await screen.findByRole("heading", { level: 1, name: "Dental Chews" });
    expect(query.calls.last).toEqual({ id: 101, product_category_id: 3 });
  });

  it("starts at the minimum and marks the price tier of the quantity", async () => {
    const { user } = openProduct();
    const quantity = await screen.findByRole("textbox", { name: /Quantity \(packs\)/ });
    expect(quantity).toHaveValue("2");
    const prices = screen.getByRole("table", { name: "Price per pack" });
    expect(within(prices).getByRole("row", { name: /2–4 packs/ })).toHaveAttribute("aria-current", "true");
    await user.clear(quantity);
    await user.type(quantity, "6");
    expect(within(prices).getByRole("row", { name: /5\+ packs/ })).toHaveAttribute("aria-current", "true");
  });

  it("adds the quantity to the cart at its tier's price and goes to the cart", async () => {
    const { user, router } = openProduct();
    const quantity = await screen.findByRole("textbox", { name: /Quantity \(packs\)/ });
    await user.clear(quantity);
    await user.type(quantity, "5");
    await user.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect(await screen.findByText("Now at /cart/preview")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/cart/preview");
    expect(getCart()).toEqual([
      expect.objectContaining({ id: 101, quantity: 5, price: 1000, display_name: "Dental Chews", is_destroy: false }),
    ]);
  });

  it("raises a quantity below the minimum when the field is left, and says why", async () => {
    const { user } = openProduct();
    const quantity = await screen.findByRole("textbox", { name: /Quantity \(packs\)/ });
    await user.clear(quantity);
    await user.type(quantity, "1");
    await user.tab();
    expect(quantity).toHaveValue("2");
    expect(screen.getByRole("status")).toHaveTextContent("Quantity must be between 2 and 10.");
    expect(getCart()).toEqual([]);
  });

  it("shows a quantity corrected on Enter first, and adds it on the next click", async () => {
    const { user } = openProduct();
    const quantity = await screen.findByRole("textbox", { name: /Quantity \(packs\)/ });
    await user.clear(quantity);
    await user.type(quantity, "1{Enter}");
    expect(quantity).toHaveValue("2");
    expect(screen.getByRole("status")).toHaveTextContent("Quantity must be between 2 and 10.");
    expect(getCart()).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect(getCart()).toEqual([expect.objectContaining({ id: 101, quantity: 2 })]);
  });

  it("lowers a quantity above the maximum", async () => {
    const { user } = openProduct();
    const quantity = await screen.findByRole("textbox", { name: /Quantity \(packs\)/ });
    await user.clear(quantity);
    await user.type(quantity, "40");
    await user.tab();
    expect(quantity).toHaveValue("10");
    expect(screen.getByRole("status")).toHaveTextContent("Quantity must be between 2 and 10.");
  });

  it("marks an empty quantity and adds nothing", async () => {
    const { user } = openProduct();
    const quantity = await screen.findByRole("textbox", { name: /Quantity \(packs\)/ });
    await user.clear(quantity);
    await user.click(screen.getByRole("button", { name: "Add To Cart" }));
    expect(quantity).toHaveAttribute("aria-invalid", "true");
    expect(quantity).toHaveAccessibleDescription(expect.stringContaining("Quantity must be between 2 and 10."));
    expect(getCart()).toEqual([]);
  });

  it("offers no Add To Cart for a product that cannot be ordered now", async () => {
    openProduct(productDetail({ can_order: false }));
    expect(await screen.findByText("Out of stock")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add To Cart" })).not.toBeInTheDocument();
  });

  it("says the product is not found when the server answers 404, with a way back", async () => {
    signIn();
    server.use(apiError("/api/product/query", 404, "NOT_FOUND", "Not found.").handler, eventLog().handler);
    renderPage(<ProductRoute />, { path: PATH, url: "/product/999" });
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/");
  });

  it("does not call the server for a malformed id", async () => {
    signIn();
    renderPage(<ProductRoute />, { path: PATH, url: "/product/abc" });
    expect(await screen.findByRole("heading", { name: "Product not found" })).toBeInTheDocument();
  });

  it("offers Try again after a failed load, and shows the product once it loads", async () => {
    signIn();
    let calls = 0;
    server.use(
      http.post("/api/product/query", () => {
        calls++;
        if (calls <= 3)
          return HttpResponse.json({ result: 0, error: { code: "INTERNAL", message: "Boom." } }, { status: 500 });
        return HttpResponse.json({ result: 1, data: ProductDetailSchema.parse(productDetail()) });
      }),
      eventLog().handler,
    );
    const { user } = renderPage(<ProductRoute />, { path: PATH, url: "/product/101" });
    expect(await screen.findByText("The product could not be loaded")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dental Chews" })).toBeInTheDocument();
  });
});
