import { screen, waitFor, within } from "@testing-library/react";
import { AuditRowSchema, DeskOrderSchema, MESSAGES, TRACKING_NUMBER_MESSAGE } from "@vetportal/contract";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { apiError, apiList, apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { DeskOrderRoute } from "./desk-order.tsx";

/** A stocked line's production and shipping: nothing shipped yet, no production status, ready to ship. */
const stocked = (packs: number) => ({
  shipped_quantity: 0,
  to_ship_quantity: packs,
  production_status: null,
  production_status_name: null,
  production_moves: [],
  can_send_back: false,
  ready_to_ship: true,
});

type DeskOrder = z.input<typeof DeskOrderSchema>;

function deskOrder(over: Partial<DeskOrder> = {}): DeskOrder {
  return {
    id: 866,
    created: "2026-11-24T15:00:00.000Z",
    order_created: "11/24/2026 07:00 AM PST",
    order_status: 1,
    order_status_name: "Active",
    practice_name: "Paws Clinic",
    user_id: 7,
    user_name: "Pat Practice",
    user_email: "pat@paws.example.com",
    placed_by: null,
    department_name: null,
    cost_center_name: null,
    delivery_method_name: "UPS Ground",
    contact_name: "Pat Practice",
    contact_phone: "555-555-0100",
    email: "pat@paws.example.com",
    po_number: "PO-77",
    shipping_address: {
      name: "Paws Clinic",
      line1: "1 Main St",
      line2: null,
      city: "Albany",
      state: "NY",
      zip_code: "12207",
    },
    shipping_instruction: null,
    lines: [
      {
        id: 1,
        product_id: 101,
        product_name: "Dental Chews",
        quantity: 3,
        cancelled_quantity: 0,
        remaining_quantity: 3,
        unit_price_cents: 1000,
        total_price_cents: 3000,
        estimated_delivery_date: null,
        backorder_expected_date: null,
        ...stocked(3),
      },
      {
        id: 2,
        product_id: 102,
        product_name: "Flea Drops",
        quantity: 2,
        cancelled_quantity: 0,
        remaining_quantity: 2,
        unit_price_cents: 2500,
        total_price_cents: 5000,
        estimated_delivery_date: null,
        backorder_expected_date: null,
        ...stocked(2),
      },
    ],
    total_items_amount: 8000,
    pick_fee_amount: 0,
    shipping_amount: 1500,
    processing_amount: 500,
    tax_amount: 640,
    total_order_amount: 10640,
    date_shipped: null,
    tracking_number: null,
    history: [],
    shipments: [],
    shipment_groups: [],
    line_progress: { lines: 2, shipped: 0, in_production: [], summary: "0 of 2 lines shipped" },
    actions: { statuses: [18, 17], can_ship: true, can_cancel: true, can_back_order: true },
    ...over,
  };
}

const SHIPPED = deskOrder({
  order_status: 5,
  order_status_name: "Shipped",
  date_shipped: "2026-11-25T15:00:00.000Z",
  shipments: [{ carrier: "UPS", tracking_number: "1Z999AA10123456784", shipped_on: "2026-11-25" }],
  actions: { statuses: [], can_ship: false, can_cancel: false, can_back_order: false },
});

/** The desk's page of order 866; the server reads `order`, until `serve` gives it another. */
function openDeskOrder(order = deskOrder(), history = apiList("/api/audit/record", AuditRowSchema, [])) {
  signIn({ admin: true });
  let current = order;
  server.use(apiOk("/api/fulfilment/query", DeskOrderSchema, () => current).handler);
  // The order's own audit trail (decision 043): an empty history unless a test serves one.
  server.use(history.handler);
  const page = renderPage(<DeskOrderRoute />, { path: "/admin/orders/:id", url: "/admin/orders/866" });
  return {
    ...page,
    serve: (next: DeskOrder) => {
      current = next;
    },
  };
}

const actions = () => screen.getByRole("tablist");

describe("order desk: one order", () => {
  it("offers the actions the order's status allows, and none for a shipped order", async () => {
    openDeskOrder();
    expect(await screen.findByRole("heading", { level: 1, name: "Order #866" })).toBeInTheDocument();
    expect(
      within(actions())
        .getAllByRole("tab")
        .map((tab) => tab.textContent),
    ).toEqual(["Ship", "Status", "Back order", "Cancel"]);
    expect(screen.getByRole("link", { name: "Order Desk" })).toHaveAttribute("href", "/admin/orders");
  });

  it("offers nothing for a shipped order and links its tracking", async () => {
    openDeskOrder(SHIPPED);
    expect(await screen.findByRole("heading", { level: 1, name: "Order #866" })).toBeInTheDocument();
    expect(screen.queryByRole("tablist")).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: /1Z999AA10123456784/ })).toHaveAttribute(
      "href",
      expect.stringContaining("1Z999AA10123456784"),
    );
  });

  it("ships the order in packages after checking each tracking number", async () => {
    const ship = apiOk("/api/fulfilment/ship", DeskOrderSchema, SHIPPED);
    server.use(ship.handler);
    const { user, serve } = openDeskOrder();
    const form = await screen.findByRole("form", { name: "Ship order #866" });
    const first = within(form).getByRole("group", { name: "Package 1" });
    const tracking = within(first).getByRole("textbox", { name: /Tracking number/ });
    await user.type(tracking, "1Z!");
    await user.click(within(form).getByRole("button", { name: "Mark as shipped" }));
    expect(await within(form).findByText(TRACKING_NUMBER_MESSAGE)).toBeInTheDocument();
    expect(ship.calls.count).toBe(0);

    await fill(user, tracking, "1Z999AA10123456784");
    await user.click(within(form).getByRole("button", { name: "Add a package" }));
    const second = within(form).getByRole("group", { name: "Package 2" });
    await user.selectOptions(within(second).getByRole("combobox", { name: "Carrier" }), "FEDEX");
    await fill(user, within(second).getByRole("textbox", { name: /Tracking number/ }), "7712 3456 7890");
    serve(SHIPPED);
    await user.click(within(form).getByRole("button", { name: "Mark as shipped" }));

    expect(
      await screen.findByText("Order #866 is shipped. The practice has been emailed the tracking."),
    ).toBeInTheDocument();
    expect(ship.calls.last).toEqual({
      order_id: 866,
      shipped_on: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      packages: [
        { carrier: "UPS", tracking_number: "1Z999AA10123456784" },
        { carrier: "FEDEX", tracking_number: "7712 3456 7890" },
      ],
    });
    // The answer is the order as it now stands: shipped, nothing left to do.
    await waitFor(() => expect(screen.queryByRole("tablist")).not.toBeInTheDocument());
  });

  it("changes the status to one the transition table allows, with a note", async () => {
    const change = apiOk(
      "/api/fulfilment/status",
      DeskOrderSchema,
      deskOrder({ order_status: 18, order_status_name: "On Hold" }),
    );
    server.use(change.handler);
    const { user } = openDeskOrder();
    await user.click(await screen.findByRole("tab", { name: "Status" }));
    const form = screen.getByRole("form", { name: "Change the status of order #866" });
    const status = within(form).getByRole("combobox", { name: "New status" });
    expect(
      within(status)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["On Hold", "In Production"]);
    await user.click(within(form).getByRole("textbox", { name: /Note/ }));
    await user.paste("Waiting for the practice");
    await user.click(within(form).getByRole("button", { name: "Change status" }));
    expect(await screen.findByText("Order #866 is now On Hold.")).toBeInTheDocument();
    expect(change.calls.last).toEqual({ order_id: 866, order_status_id: 18, note: "Waiting for the practice" });
  });

  it("shows the server's reason when it refuses a change", async () => {
    server.use(apiError("/api/fulfilment/status", 409, "CONFLICT", "The order was shipped meanwhile.").handler);
    const { user } = openDeskOrder();
    await user.click(await screen.findByRole("tab", { name: "Status" }));
    await user.click(screen.getByRole("button", { name: "Change status" }));
    expect(await screen.findByText("The order was shipped meanwhile.")).toBeInTheDocument();
  });

  it("back orders the chosen lines, only once each has its expected day", async () => {
    const backOrder = apiOk(
      "/api/fulfilment/backorder",
      DeskOrderSchema,
      deskOrder({ order_status: 19, order_status_name: "Back Ordered" }),
    );
    server.use(backOrder.handler);
    const { user } = openDeskOrder();
    await user.click(await screen.findByRole("tab", { name: "Back order" }));
    const form = screen.getByRole("form", { name: "Back order lines of order #866" });
    const submit = within(form).getByRole("button", { name: "Back order" });
    expect(submit).toBeDisabled();
    const date = within(form).getByLabelText("Expected date for Flea Drops");
    expect(date).toBeDisabled();
    await user.click(within(form).getByRole("checkbox", { name: "Flea Drops (2 packs)" }));
    expect(submit).toBeDisabled();
    await user.type(date, "2026-12-15");
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText(/Order #866 is Back Ordered/)).toBeInTheDocument();
    expect(backOrder.calls.last).toEqual({
      order_id: 866,
      lines: [{ order_product_id: 2, expected_date: "2026-12-15" }],
    });
  });

  it("cancels some packs of a line after confirmation", async () => {
    const cancel = apiOk("/api/fulfilment/cancel", DeskOrderSchema, deskOrder());
    server.use(cancel.handler);
    const { user } = openDeskOrder();
    await user.click(await screen.findByRole("tab", { name: "Cancel" }));
    const partial = screen.getByRole("button", { name: "Cancel these packs" });
    expect(partial).toBeDisabled();
    await user.type(screen.getByRole("textbox", { name: "Packs of Dental Chews to cancel" }), "{Backspace}2");
    await user.click(partial);
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent("Cancel 2 × Dental Chews of order #866?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel packs" }));
    expect(await screen.findByText("Packs of order #866 cancelled and restocked.")).toBeInTheDocument();
    expect(cancel.calls.last).toEqual({ order_id: 866, lines: [{ order_product_id: 1, quantity: 2 }] });
  });

  it("cancels the whole order only after Cancel order", async () => {
    const cancel = apiOk(
      "/api/fulfilment/cancel",
      DeskOrderSchema,
      deskOrder({
        order_status: 2,
        order_status_name: "Cancelled",
        actions: { statuses: [], can_ship: false, can_cancel: false, can_back_order: false },
      }),
    );
    server.use(cancel.handler);
    const { user } = openDeskOrder();
    await user.click(await screen.findByRole("tab", { name: "Cancel" }));
    await user.click(screen.getByRole("button", { name: "Cancel the whole order" }));
    let dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole("button", { name: "Keep order" }));
    expect(cancel.calls.count).toBe(0);
    await user.click(screen.getByRole("button", { name: "Cancel the whole order" }));
    dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent("Cancel all of order #866?");
    await user.click(within(dialog).getByRole("button", { name: "Cancel order" }));
    expect(await screen.findByText("Order #866 has been cancelled.")).toBeInTheDocument();
    expect(cancel.calls.last).toEqual({ order_id: 866 });
  });

  it("says there is no such order for a 404", async () => {
    signIn({ admin: true });
    server.use(apiError("/api/fulfilment/query", 404, "NOT_FOUND", "Not found.").handler);
    renderPage(<DeskOrderRoute />, { path: "/admin/orders/:id", url: "/admin/orders/999" });
    expect(await screen.findByRole("heading", { name: "Order not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the Order Desk" })).toHaveAttribute("href", "/admin/orders");
  });
  it("shows the order's own audit trail, asked for by the order's kind and id", async () => {
    const history = apiList("/api/audit/record", AuditRowSchema, [
      {
        id: 1,
        created: "2026-11-25T10:00:00.000Z",
        actor_user_id: 1,
        actor: "Avery Admin",
        actor_email: "admin@vetportal.example",
        session_id: 7,
        kind: "order",
        kind_name: "order",
        action: "status",
        record_id: 866,
        record_label: "Order #866",
        changes: [{ field: "order_status", before: "Active", after: "On Hold" }],
      },
    ]);
    openDeskOrder(deskOrder(), history);
    expect(await screen.findByText("Avery Admin")).toBeInTheDocument();
    expect(history.calls.bodies[0]).toMatchObject({ kind: "order", record_id: 866 });
  });
});

describe("order desk: production of personalised lines", () => {
  const printed = (id: number, status: number, name: string, moves: number[]) => ({
    id,
    product_id: 990_001,
    product_name: name,
    quantity: 2,
    cancelled_quantity: 0,
    remaining_quantity: 2,
    unit_price_cents: 3900,
    total_price_cents: 7800,
    estimated_delivery_date: null,
    backorder_expected_date: null,
    ...stocked(2),
    production_status: status,
    production_status_name: status === 10 ? "Pre Press" : "Printing",
    production_moves: moves,
    can_send_back: true,
    ready_to_ship: status === 9,
  });
  const PRODUCTION = deskOrder({
    lines: [printed(11, 10, "Co-branded Brochure", [9]), printed(12, 10, "Co-branded Poster", [9])],
  });

  it("shows each line's production status and moves the chosen lines", async () => {
    const moved = deskOrder({
      lines: [printed(11, 9, "Co-branded Brochure", [10, 17]), printed(12, 9, "Co-branded Poster", [10, 17])],
    });
    const move = apiOk("/api/fulfilment/lines/move", DeskOrderSchema, moved);
    server.use(move.handler);
    const { user } = openDeskOrder(PRODUCTION);
    const panel = await screen.findByRole("table", { name: "Personalised lines of order #866" });
    expect(within(panel).getAllByText("Pre Press")).toHaveLength(2);
    const form = screen.getByRole("form", { name: "Move lines of order #866" });
    // Nothing chosen: nothing to move.
    expect(within(form).getByRole("button", { name: /Move/ })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Choose Co-branded Brochure" }));
    await user.click(screen.getByRole("checkbox", { name: "Choose Co-branded Poster" }));
    await user.selectOptions(within(form).getByRole("combobox", { name: "Move the chosen lines to" }), "9");
    await user.click(within(form).getByRole("button", { name: "Move 2 lines" }));
    expect(await screen.findByText("2 lines are now Printing.")).toBeInTheDocument();
    expect(move.calls.last).toEqual({ order_id: 866, order_product_ids: [11, 12], production_status_id: 9 });
  });

  it("offers a line's packs to ship once it is moved on to Printing, without opening the order again", async () => {
    const moved = deskOrder({
      lines: [printed(11, 9, "Co-branded Brochure", [10, 17]), printed(12, 10, "Co-branded Poster", [9])],
    });
    server.use(apiOk("/api/fulfilment/lines/move", DeskOrderSchema, moved).handler);
    const { user, serve } = openDeskOrder(PRODUCTION);
    await screen.findByRole("table", { name: "Personalised lines of order #866" });
    expect(screen.queryByRole("textbox", { name: /^Packs of Co-branded Brochure/ })).not.toBeInTheDocument();
    serve(moved);
    await user.click(screen.getByRole("checkbox", { name: "Choose Co-branded Brochure" }));
    const form = screen.getByRole("form", { name: "Move lines of order #866" });
    await user.selectOptions(within(form).getByRole("combobox", { name: "Move the chosen lines to" }), "9");
    await user.click(within(form).getByRole("button", { name: "Move line" }));
    expect(await screen.findByRole("textbox", { name: "Packs of Co-branded Brochure (2 left)" })).toHaveValue("2");
    expect(screen.queryByRole("textbox", { name: /^Packs of Co-branded Poster/ })).not.toBeInTheDocument();
  });

  it("downloads the print file of one line, and of the chosen lines as one PDF", async () => {
    const asked: unknown[] = [];
    server.use(
      http.post("/api/print/file", async ({ request }) => {
        asked.push(await request.json());
        return new HttpResponse("%PDF-1.7", {
          headers: { "Content-Type": "application/pdf", "Content-Disposition": 'attachment; filename="print-11.pdf"' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:print");
    URL.revokeObjectURL = vi.fn();
    const { user } = openDeskOrder(PRODUCTION);
    await screen.findByRole("table", { name: "Personalised lines of order #866" });
    await user.click(screen.getByRole("button", { name: "Print file of Co-branded Brochure" }));
    await waitFor(() => expect(saved).toEqual(["print-11.pdf"]));
    await user.click(screen.getByRole("checkbox", { name: "Choose Co-branded Brochure" }));
    await user.click(screen.getByRole("checkbox", { name: "Choose Co-branded Poster" }));
    await user.click(screen.getByRole("button", { name: "Print file of the chosen lines" }));
    await waitFor(() => expect(asked).toEqual([{ order_product_ids: [11] }, { order_product_ids: [11, 12] }]));
  });

  it("sends a line's proof back only with the changes requested", async () => {
    const back = apiOk("/api/fulfilment/lines/sendBack", DeskOrderSchema, PRODUCTION);
    server.use(back.handler);
    const { user } = openDeskOrder(PRODUCTION);
    const panel = await screen.findByRole("table", { name: "Personalised lines of order #866" });
    await user.click(within(panel).getAllByRole("button", { name: "Send back" })[0] as HTMLElement);
    const form = screen.getByRole("form", { name: "Send back the proof of Co-branded Brochure" });
    await user.click(within(form).getByRole("button", { name: "Send back to the practice" }));
    expect(await within(form).findByText("Say what needs to change")).toBeInTheDocument();
    expect(back.calls.count).toBe(0);
    await user.click(within(form).getByRole("textbox", { name: /Changes requested/ }));
    await user.paste("Use the new logo");
    await user.click(within(form).getByRole("button", { name: "Send back to the practice" }));
    expect(await screen.findByText(/is sent back\. The practice has been emailed\./)).toBeInTheDocument();
    expect(back.calls.last).toEqual({ order_id: 866, order_product_id: 11, note: "Use the new logo" });
  });
});
