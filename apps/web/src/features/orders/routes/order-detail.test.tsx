import { screen, waitFor, within } from "@testing-library/react";
import { MESSAGES, OrderDetailSchema, ReorderResultSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getCart } from "../../../lib/cart-store.ts";
import { orderDetail } from "../../../test/fixtures.ts";
import { apiError, apiOk } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { OrderDetailRoute } from "./order-detail.tsx";

const PATH = "/order/:orderId/:orderType?";
const CancelResultSchema = z.object({
  id: z.number().int(),
  order_status: z.number().int(),
  order_status_name: z.string(),
});
type Order = ReturnType<typeof orderDetail>;

/** The order page at `url`; the server answers each read with the next of `orders` (the last one again). */
function openOrder(orders: Order[] = [orderDetail()], url = "/order/866/2") {
  signIn();
  const read = apiOk(
    "/api/order/query",
    OrderDetailSchema,
    (_body, call) => orders[Math.min(call, orders.length) - 1] as Order,
  );
  server.use(read.handler);
  return { ...renderPage(<OrderDetailRoute />, { path: PATH, url }), read };
}

const cancelled = () =>
  orderDetail({
    order_status: 2,
    order_status_name: "Cancelled",
    can_cancel: false,
    cancel_deadline: null,
    order_products: [],
    cancel_products: [
      {
        order_product_id: 1,
        product_id: 101,
        product_name: "Dental Chews",
        quantity: 3,
        estimated_delivery_date: null,
        unit_price_cents: 1000,
        total_price_cents: 3000,
      },
    ],
    total_items_amount: 0,
    shipping_amount: 0,
    processing_amount: 0,
    tax_amount: 0,
    total_order_amount: 0,
    cancelled_at: "2026-11-24T16:00:00.000Z",
    cancelled_by: "Pat Practice",
  });

describe("order detail", () => {
  it("confirms a just-placed order with where the confirmation goes", async () => {
    const { read } = openOrder([orderDetail()], "/order/866/1");
    expect(await screen.findByRole("heading", { level: 1, name: "Your Order Has Been Submitted" })).toBeInTheDocument();
    expect(read.calls.last).toEqual({ id: 866 });
    expect(screen.getByText("Thank you for your order")).toBeInTheDocument();
    expect(screen.getByText(/A confirmation email is on its way to pat@paws.example.com/)).toBeInTheDocument();
  });

  it("a personalised line sent back says so and links to its proof to approve it again", async () => {
    const base = orderDetail();
    const [first, ...rest] = base.order_products;
    openOrder([
      orderDetail({
        order_products: [
          { ...(first as (typeof base.order_products)[number]), production_status_name: "Pending Proof Approval" },
          ...rest,
        ],
      }),
    ]);
    expect(await screen.findByText("Made for you · Pending Proof Approval")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Review and approve the proof again" })).toHaveAttribute(
      "href",
      "/product/101?proof=again",
    );
  });

  it("shows the order's facts, lines and amounts", async () => {
    openOrder();
    expect(await screen.findByRole("heading", { level: 1, name: "Your Order Details" })).toBeInTheDocument();
    expect(screen.queryByText("Thank you for your order")).not.toBeInTheDocument();
    expect(screen.getByText("PO-77")).toBeInTheDocument();
    expect(screen.getByText("UPS Ground")).toBeInTheDocument();
    const lines = screen.getByRole("table", { name: "Products in order #866" });
    expect(within(lines).getByRole("row", { name: /Dental Chews/ })).toHaveTextContent("$30.00");
    expect(within(lines).getByRole("row", { name: /Flea Drops/ })).toHaveTextContent("$50.00");
    expect(screen.getByText("$106.40")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "My Orders" })).toHaveAttribute("href", "/orders");
  });

  it("cancels the order only after Yes, and shows it cancelled", async () => {
    const cancel = apiOk("/api/order/cancel", CancelResultSchema, {
      id: 866,
      order_status: 2,
      order_status_name: "Cancelled",
    });
    server.use(cancel.handler);
    const { user } = openOrder([orderDetail(), cancelled()]);
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    let dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent(MESSAGES.cancelOrderConfirm);
    await user.click(within(dialog).getByRole("button", { name: "Keep order" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(cancel.calls.count).toBe(0);

    await user.click(screen.getByRole("button", { name: "Cancel Order" }));
    dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Order #866 has been cancelled.")).toBeInTheDocument();
    expect(cancel.calls.last).toEqual({ order_id: 866, partial: false });
    expect(await screen.findByText("This order was cancelled")).toBeInTheDocument();
    expect(screen.getByText(/Cancelled by Pat Practice/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel Order" })).not.toBeInTheDocument();
  });

  it("says why the server refused a cancel, and leaves the order as it was", async () => {
    server.use(
      apiError("/api/order/cancel", 409, "CANCEL_WINDOW_CLOSED", "This order can no longer be cancelled.").handler,
    );
    const { user } = openOrder();
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: MESSAGES.confirmTitle })).getByRole("button", {
        name: "Cancel order",
      }),
    );
    expect(await screen.findByText("This order can no longer be cancelled.")).toBeInTheDocument();
    expect(screen.queryByText("This order was cancelled")).not.toBeInTheDocument();
  });

  it("offers no cancel once the window has closed", async () => {
    openOrder([orderDetail({ can_cancel: false, cancel_deadline: null })]);
    await screen.findByRole("heading", { level: 1, name: "Your Order Details" });
    expect(screen.queryByRole("button", { name: "Cancel Order" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Print Receipt" })).toBeInTheDocument();
  });

  it("shows a cancelled order's lines as ordered and nothing invoiced", async () => {
    openOrder([cancelled()]);
    expect(await screen.findByText("This order was cancelled")).toBeInTheDocument();
    expect(screen.getByText("Products as ordered")).toBeInTheDocument();
    expect(screen.getByText("Invoiced")).toBeInTheDocument();
  });

  it("shows a destroy order as packs written off, with nothing to ship", async () => {
    openOrder([orderDetail({ order_status: 3, order_status_name: "Destroyed", can_cancel: false })]);
    expect(await screen.findByRole("heading", { level: 1, name: "5 packs destroyed" })).toBeInTheDocument();
    expect(screen.getByText("Written off the inventory")).toBeInTheDocument();
    expect(screen.queryByText("UPS Ground")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel Order" })).not.toBeInTheDocument();
  });

  it("puts a shipped order's products back in the cart on Reorder and opens the cart", async () => {
    const reorder = apiOk("/api/order/reorder", ReorderResultSchema, {
      items: [
        {
          id: 101,
          name: "Dental Chews",
          display_name: "Dental Chews",
          image_url: "/media/products/101.png",
          package_quantity: 25,
          min_quantity: 2,
          max_quantity: 10,
          quantity: 2,
          price: 1000,
          is_destroy: false,
          note: "Lowered to 2 packs: only 2 in stock.",
        },
      ],
      dropped: [{ product_id: 102, product_name: "Flea Drops", reason: "no longer available" }],
    });
    server.use(reorder.handler);
    const { user, router } = openOrder([
      orderDetail({ order_status: 5, order_status_name: "Shipped", can_cancel: false, can_reorder: true }),
    ]);
    await user.click(await screen.findByRole("button", { name: "Reorder" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart/preview"));
    expect(reorder.calls.last).toEqual({ order_id: 866 });
    expect(getCart()).toEqual([expect.objectContaining({ id: 101, quantity: 2 })]);
    expect(await screen.findByText("The products of order #866 are in your cart.")).toBeInTheDocument();
  });

  it("shows a split order's tracking link once, in its shipment with the lines it held", async () => {
    const ups = { carrier: "UPS", tracking_number: "1Z999AA10123456784", shipped_on: "2026-11-20" };
    openOrder([
      orderDetail({
        order_status: 5,
        order_status_name: "Shipped",
        can_cancel: false,
        shipments: [ups],
        shipment_groups: [
          {
            id: 7,
            shipped_on: "2026-11-20",
            packages: [ups],
            lines: [{ order_product_id: 1, product_name: "Dental Chews", quantity: 3 }],
          },
        ],
        line_progress: { lines: 2, shipped: 1, in_production: [], summary: "1 of 2 lines shipped" },
      }),
    ]);
    expect(await screen.findByText("1 of 2 lines shipped")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /UPS 1Z999AA10123456784/ })).toHaveLength(1);
    expect(screen.getByText("3 × Dental Chews")).toBeInTheDocument();
    expect(screen.queryByText("Tracking")).not.toBeInTheDocument();
  });

  it("shows the tracking link in the order's facts when its shipment names no lines (shipped before lines were recorded)", async () => {
    const ups = { carrier: "UPS", tracking_number: "1Z999AA10123456784", shipped_on: "2026-11-20" };
    openOrder([
      orderDetail({
        order_status: 5,
        order_status_name: "Shipped",
        can_cancel: false,
        shipments: [ups],
        shipment_groups: [{ id: 7, shipped_on: "2026-11-20", packages: [ups], lines: [] }],
      }),
    ]);
    expect(await screen.findByText("Tracking")).toBeInTheDocument();
    expect(screen.getAllByRole("link", { name: /UPS 1Z999AA10123456784/ })).toHaveLength(1);
    expect(screen.queryByRole("heading", { name: "Shipments" })).not.toBeInTheDocument();
  });

  it("says the order is not found when the server answers 404", async () => {
    signIn();
    server.use(apiError("/api/order/query", 404, "NOT_FOUND", "Not found.").handler);
    renderPage(<OrderDetailRoute />, { path: PATH, url: "/order/999/2" });
    expect(await screen.findByRole("heading", { name: "Order not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to My Orders" })).toHaveAttribute("href", "/orders");
  });
});

describe("an order an administrator took by phone", () => {
  it("says who placed it for the practice", async () => {
    openOrder([
      orderDetail({ placed_by: { admin_name: "Ada Admin", practice_name: "Hudson Valley Animal Hospital" } }),
    ]);
    expect(await screen.findByText("Placed by Ada Admin for Hudson Valley Animal Hospital")).toBeInTheDocument();
  });

  it("says nothing of it on an order the practice placed", async () => {
    openOrder();
    expect(await screen.findByRole("heading", { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/^Placed by /)).not.toBeInTheDocument();
  });
});
