import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { DeskOrderListSchema, MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiOk } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { DeskOrdersRoute } from "./desk-orders.tsx";

type DeskList = z.input<typeof DeskOrderListSchema>;
type DeskRow = DeskList["items"][number];

function deskRow(id: number, over: Partial<DeskRow> = {}): DeskRow {
  return {
    id,
    created: "2026-11-24T15:00:00.000Z",
    order_status: 1,
    order_status_name: "Active",
    practice_name: "Paws Clinic",
    user_name: "Pat Practice",
    po_number: null,
    ship_city: "Albany",
    ship_state: "NY",
    total_order_amount: 10640,
    date_shipped: null,
    tracking_number: null,
    ...over,
  };
}

const COUNTS: DeskList["counts"] = [
  { order_status: 1, order_status_name: "Active", count: 2, is_capped: false },
  { order_status: 5, order_status_name: "Shipped", count: 1, is_capped: false },
  { order_status: 18, order_status_name: "On Hold", count: 0, is_capped: false },
];

/** The order desk at `url`; the server answers each list request with `answer` of its body. */
function openDesk(url = "/admin/orders", answer: (body: unknown) => DeskList = () => defaultList()) {
  signIn({ admin: true });
  const list = apiOk("/api/fulfilment/list", DeskOrderListSchema, answer);
  server.use(list.handler);
  return { ...renderPage(<DeskOrdersRoute />, { path: "/admin/orders", url }), list };
}

function defaultList(): DeskList {
  return {
    items: [
      deskRow(866, { po_number: "PO-77" }),
      deskRow(865, { practice_name: "Happy Tails" }),
      deskRow(860, { order_status: 5, order_status_name: "Shipped", tracking_number: "1Z999" }),
    ],
    total: 3,
    total_is_capped: false,
    counts: COUNTS,
  };
}

// The desk's one table (its rows are cards on a phone, by CSS only: decision 036).
const deskTable = () => screen.getByRole("table", { name: "Orders" });
const orderRow = (id: number) => within(deskTable()).getByRole("row", { name: new RegExp(`Order #\\s*${id}\\b`) });

describe("order desk list", () => {
  it("lists the orders, each linked to its page, with a chip per status that has orders", async () => {
    const { list } = openDesk();
    expect(await screen.findByRole("heading", { level: 1, name: "Order Desk" })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(orderRow(866)).getByRole("link", { name: /866/ })).toHaveAttribute("href", "/admin/orders/866"),
    );
    // A header row and one row per order, each cell labelled with its column for the phone's card.
    expect(within(deskTable()).getAllByRole("row")).toHaveLength(4);
    expect(within(orderRow(866)).getByRole("cell", { name: "PO-77" })).toHaveAttribute("data-label", "PO");
    expect(orderRow(865)).toHaveTextContent("Happy Tails");
    expect(within(orderRow(860)).getByRole("cell", { name: "1Z999" })).toHaveAttribute("data-label", "Tracking");
    expect(list.calls.last).toEqual({ limit: 25, offset: 0 });
    const chips = screen.getByRole("radiogroup", { name: "Order status" });
    expect(chips).toHaveTextContent("All · 3");
    expect(chips).toHaveTextContent("Active · 2");
    expect(chips).toHaveTextContent("Shipped · 1");
    expect(chips).not.toHaveTextContent("On Hold");
    expect(screen.getByText("Showing 1–3 of 3 orders")).toBeInTheDocument();
  });

  it("applies the filter on Search, trimmed, and keeps it in the URL", async () => {
    const { user, list, router } = openDesk();
    await screen.findByRole("form", { name: "Filter orders" });
    await user.type(screen.getByRole("textbox", { name: /Practice or user/ }), "  paws ");
    await user.type(screen.getByRole("textbox", { name: /Order #/ }), "#866");
    expect(list.calls.count).toBe(1);
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(list.calls.last).toEqual({ text: "paws", order_id: 866, limit: 25, offset: 0 }));
    expect(new URLSearchParams(router.state.location.search).get("text")).toBe("  paws ");
    expect(new URLSearchParams(router.state.location.search).get("order")).toBe("#866");
  });

  it("refuses a date range that ends before it starts, and sends nothing", async () => {
    const { user, list } = openDesk();
    await screen.findByRole("form", { name: "Filter orders" });
    fireEvent.change(screen.getByLabelText(/Ordered from/), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText(/Ordered to/), { target: { value: "2026-11-10" } });
    expect(screen.getByText(MESSAGES.dateRange)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(list.calls.count).toBe(1);
    fireEvent.change(screen.getByLabelText(/Ordered to/), { target: { value: "2026-11-30" } });
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(list.calls.last).toEqual({ date_from: "2026-11-20", date_to: "2026-11-30", limit: 25, offset: 0 }),
    );
  });

  it("narrows the list to a status with its chip, and back to all", async () => {
    const { user, list, router } = openDesk();
    const chips = await screen.findByRole("radiogroup", { name: "Order status" });
    await waitFor(() => expect(chips).toHaveTextContent("Shipped · 1"));
    await user.click(screen.getByRole("radio", { name: /Shipped/ }));
    await waitFor(() => expect(list.calls.last).toEqual({ order_status_id: 5, limit: 25, offset: 0 }));
    expect(router.state.location.search).toBe("?status=5");
    await user.click(screen.getByRole("radio", { name: /All/ }));
    await waitFor(() => expect(list.calls.last).toEqual({ limit: 25, offset: 0 }));
  });

  it("starts from the filters and page in the URL", async () => {
    const { list } = openDesk("/admin/orders?status=1&po=PO-7&page=2&size=50");
    await waitFor(() => expect(list.calls.count).toBe(1));
    expect(list.calls.last).toEqual({ order_status_id: 1, po_number: "PO-7", limit: 50, offset: 50 });
    expect(screen.getByRole("textbox", { name: /PO number/ })).toHaveValue("PO-7");
  });

  it("takes no filter from a day in the URL that the API would refuse", async () => {
    const { list } = openDesk("/admin/orders?from=2026-02-30&to=2026-03-31");
    await waitFor(() => expect(list.calls.count).toBe(1));
    expect(list.calls.last).toEqual({ date_to: "2026-03-31", limit: 25, offset: 0 });
  });

  it("clears every filter at once", async () => {
    const { user, list, router } = openDesk("/admin/orders?text=paws&status=5");
    await screen.findByRole("form", { name: "Filter orders" });
    expect(screen.getByRole("textbox", { name: /Practice or user/ })).toHaveValue("paws");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    await waitFor(() => expect(list.calls.last).toEqual({ order_status_id: 5, limit: 25, offset: 0 }));
    expect(screen.getByRole("textbox", { name: /Practice or user/ })).toHaveValue("");
    expect(router.state.location.search).toBe("?status=5");
  });

  it("says when nothing matches", async () => {
    openDesk("/admin/orders?text=nobody", () => ({ items: [], total: 0, total_is_capped: false, counts: [] }));
    expect(await screen.findByText("No orders match these filters.")).toBeInTheDocument();
    expect(screen.getByText("No orders")).toBeInTheDocument();
  });

  it("shows a capped count and asks to narrow the search", async () => {
    openDesk("/admin/orders", () => ({
      items: [deskRow(99_999)],
      total: 10_000,
      total_is_capped: true,
      counts: [{ order_status: 1, order_status_name: "Active", count: 10_000, is_capped: true }],
    }));
    expect(await screen.findByText("Showing 1–25 of 10,000+ orders")).toBeInTheDocument();
    expect(screen.getByText(/More than 10,000 orders match/)).toBeInTheDocument();
    expect(screen.getByRole("radiogroup", { name: "Order status" })).toHaveTextContent("Active · 10,000+");
  });
});
