import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MESSAGES, OrderListItemSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiError, apiList } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { OrdersRoute } from "./orders.tsx";

type OrderRow = z.input<typeof OrderListItemSchema>;

function orderRow(id: number, over: Partial<OrderRow> = {}): OrderRow {
  return {
    id,
    user_first_name: "Pat",
    user_last_name: "Practice",
    shipping_instruction: null,
    created: "2026-11-24T15:00:00.000Z",
    order_status: 1,
    order_status_name: "Active",
    total_order_amount: 10640,
    date_shipped: null,
    shipments: [],
    ...over,
  };
}

/** My Orders at `url`; the server has `total` orders, numbered down from 900, 25 a page. */
function openOrders(url = "/orders", total = 3) {
  signIn();
  const list = apiList("/api/order/list", OrderListItemSchema, (body) => {
    const { offset, limit } = body as { offset: number; limit: number };
    const count = Math.max(0, Math.min(limit, total - offset));
    return { rows: Array.from({ length: count }, (_, i) => orderRow(900 - offset - i)), total };
  });
  server.use(list.handler);
  return { ...renderPage(<OrdersRoute />, { url }), list };
}

// The page's one table, named by its caption (its rows are cards on a phone, by CSS only: decision 036).
const table = () => screen.getByRole("table", { name: "My Orders, newest first" });

describe("My Orders", () => {
  it("lists the user's orders, each linked to its page", async () => {
    const { list } = openOrders();
    expect(await screen.findByRole("heading", { level: 1, name: "My Orders" })).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(4));
    expect(list.calls.last).toEqual({ limit: 25, offset: 0 });
    expect(within(table()).getByRole("link", { name: "Order #900" })).toHaveAttribute("href", "/order/900/2");
    expect(within(table()).getByRole("row", { name: /Order #899/ })).toHaveTextContent("Pat Practice");
    expect(within(table()).getByRole("row", { name: /Order #899/ })).toHaveTextContent("$106.40");
    expect(screen.getByText("1–3 of 3 orders")).toBeInTheDocument();
  });

  it("pages through the orders, keeping the page in the URL", async () => {
    const { user, list, router } = openOrders("/orders", 60);
    await screen.findByText("1–25 of 60 orders");
    // The pager follows the rows, once every row is drawn (DataTable after).
    await user.click(await screen.findByRole("button", { name: "Page 3" }));
    await waitFor(() => expect(list.calls.last).toEqual({ limit: 25, offset: 50 }));
    expect(await screen.findByText("51–60 of 60 orders")).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=3");
  });

  it("filters by status and order days, and Show all undoes it", async () => {
    const { user, list, router } = openOrders();
    const form = await screen.findByRole("form", { name: "Filter my orders" });
    await user.selectOptions(within(form).getByRole("combobox", { name: "Status" }), "Shipped");
    await user.type(within(form).getByLabelText("Ordered from"), "11/01/2026");
    await user.click(within(form).getByRole("button", { name: "Filter" }));
    await waitFor(() =>
      expect(list.calls.last).toEqual({ limit: 25, offset: 0, order_status_id: 5, date_from: "2026-11-01" }),
    );
    expect(router.state.location.search).toBe("?status=5&from=2026-11-01");
    await user.click(screen.getByRole("button", { name: "Show all" }));
    await waitFor(() => expect(list.calls.last).toEqual({ limit: 25, offset: 0 }));
    expect(router.state.location.search).toBe("");
  });

  it("refuses a date range that ends before it starts", async () => {
    const { user, list } = openOrders();
    const form = await screen.findByRole("form", { name: "Filter my orders" });
    fireEvent.change(within(form).getByLabelText("Ordered from"), { target: { value: "2026-11-20" } });
    fireEvent.change(within(form).getByLabelText(/Ordered to/), { target: { value: "2026-11-10" } });
    expect(within(form).getByText(MESSAGES.dateRange)).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Filter" }));
    await waitFor(() => expect(list.calls.count).toBe(1));
  });

  it("says a day that is not one, and applies nothing", async () => {
    const { user, list, router } = openOrders();
    const form = await screen.findByRole("form", { name: "Filter my orders" });
    const from = within(form).getByLabelText("Ordered from");
    await user.type(from, "11/31/2026");
    await user.click(within(form).getByRole("button", { name: "Filter" }));
    expect(await within(form).findByText(MESSAGES.dayFormat)).toBeInTheDocument();
    await waitFor(() => expect(from).toHaveFocus());
    expect(list.calls.count).toBe(1);
    expect(router.state.location.search).toBe("");
  });

  it("takes no filter from an address whose days the API would refuse", async () => {
    const { list } = openOrders("/orders?from=1500-01-01&to=2026-02-30");
    await screen.findByText("1–3 of 3 orders");
    expect(list.calls.last).toEqual({ limit: 25, offset: 0 });
    expect(screen.getByRole("textbox", { name: "Ordered from" })).toHaveValue("");
  });

  it("invites a first order when there is none", async () => {
    openOrders("/orders", 0);
    expect(await screen.findByText("You have not placed any orders yet.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Browse Products" })).toHaveAttribute("href", "/");
  });

  it("says no order matches the filters", async () => {
    openOrders("/orders?status=5", 0);
    expect(await screen.findByText("No orders match these filters.")).toBeInTheDocument();
  });

  it("shows a failed load with a retry", async () => {
    signIn();
    server.use(apiError("/api/order/list", 403, "FORBIDDEN", "You may not see these orders.").handler);
    renderPage(<OrdersRoute />, { url: "/orders" });
    expect(await screen.findByText("Your orders could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("You may not see these orders.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});
