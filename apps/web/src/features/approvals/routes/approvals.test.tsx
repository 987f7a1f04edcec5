import { screen, waitFor, within } from "@testing-library/react";
import { ApprovalDecideResultSchema, ApprovalRequestSchema, MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { apiError, apiList, apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { ApprovalDecisionRoute } from "./approval-decision.tsx";
import { ApprovalsQueueRoute } from "./approvals-queue.tsx";

type Request = z.input<typeof ApprovalRequestSchema>;

function request(orderId: number, over: Partial<Request> = {}): Request {
  return {
    id: orderId - 800,
    order_id: orderId,
    created: "2026-11-24T17:30:00.000Z",
    practice: "Harbor Vet Clinic",
    orderer: "Casey Practice",
    total_order_amount: 64_250,
    order_status: 6,
    order_status_name: "Pending Approval",
    status: "pending",
    reasons: ["Client education: 6 packs over the allowance"],
    tier: 1,
    tiers: 1,
    decisions: [],
    allowance: [
      {
        programme_id: 1,
        name: "Client education",
        unit: "packs",
        allotted: 40,
        left_before: 4,
        left_after: -6,
        over_by: 6,
        over_balance: "approval",
      },
    ],
    can_decide: true,
    ...over,
  };
}

describe("approvals queue", () => {
  it("lists each waiting order with its practice, why it matched and its allowance, and opens it", async () => {
    signIn({ admin: true });
    const queue = apiList("/api/approvals/queue", ApprovalRequestSchema, [
      request(901),
      request(902, { tier: 2, tiers: 2, allowance: [], reasons: ["Order total above $500.00", "Flagged user"] }),
    ]);
    server.use(queue.handler);
    const { user, router } = renderPage(<ApprovalsQueueRoute />, { path: "/approvals", url: "/approvals" });
    expect(await screen.findByRole("heading", { level: 1, name: "Approvals" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Orders waiting for approval" });
    const first = within(table).getByRole("row", { name: /Order #901/ });
    expect(first).toHaveTextContent("Harbor Vet Clinic");
    expect(first).toHaveTextContent("$642.50");
    expect(first).toHaveTextContent("Client education: 6 packs over the allowance");
    expect(first).toHaveTextContent("Client education: 0 of 40 packs left, 6 over");
    expect(first).toHaveTextContent("Only step");
    const second = within(table).getByRole("row", { name: /Order #902/ });
    expect(second).toHaveTextContent("No programme");
    expect(second).toHaveTextContent("2 of 2");
    expect(
      within(second)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Order total above $500.00", "Flagged user"]);
    expect(queue.calls.last).toEqual({ limit: 25, offset: 0 });
    await user.click(within(first).getByRole("link", { name: "Approve or reject #901" }));
    expect(router.state.location.pathname).toBe("/approvals/901");
  });

  it("reads the page from the URL and pages on", async () => {
    signIn({ admin: true });
    const rows = Array.from({ length: 25 }, (_, i) => request(1000 + i));
    const queue = apiList("/api/approvals/queue", ApprovalRequestSchema, () => ({ rows, total: 60 }));
    server.use(queue.handler);
    const { user, router } = renderPage(<ApprovalsQueueRoute />, { path: "/approvals", url: "/approvals?page=2" });
    await screen.findByRole("table", { name: "Orders waiting for approval" });
    expect(queue.calls.last).toEqual({ limit: 25, offset: 25 });
    // The pager is drawn once the 25 rows are (ListResults).
    await user.click(await screen.findByRole("button", { name: /3/ }));
    await waitFor(() => expect(queue.calls.last).toEqual({ limit: 25, offset: 50 }));
    expect(router.state.location.search).toBe("?page=3");
  });

  it("says when nothing waits", async () => {
    signIn({ admin: true });
    server.use(apiList("/api/approvals/queue", ApprovalRequestSchema, []).handler);
    renderPage(<ApprovalsQueueRoute />, { path: "/approvals", url: "/approvals" });
    expect(await screen.findByText("No order is waiting for your approval.")).toBeInTheDocument();
  });
});

function openDecision(answer: Request = request(901)) {
  signIn({ admin: true });
  const query = apiOk("/api/approvals/query", ApprovalRequestSchema, answer);
  server.use(query.handler);
  return { ...renderPage(<ApprovalDecisionRoute />, { path: "/approvals/:orderId", url: "/approvals/901" }), query };
}

describe("approval decision page", () => {
  it("shows the order and decides nothing by being opened", async () => {
    const decide = apiOk("/api/approvals/decide", ApprovalDecideResultSchema, {
      order_id: 901,
      status: "approved",
      tier: 1,
      order_status: 1,
      order_status_name: "Active",
    });
    server.use(decide.handler);
    const { query } = openDecision();
    expect(await screen.findByRole("heading", { level: 1, name: "Approve order #901" })).toBeInTheDocument();
    expect(screen.getByText("Casey Practice")).toBeInTheDocument();
    expect(screen.getByText("Client education: 0 of 40 packs left, 6 over")).toBeInTheDocument();
    expect(screen.getByText("Client education: 6 packs over the allowance")).toBeInTheDocument();
    expect(query.calls.last).toEqual({ order_id: 901 });
    expect(decide.calls.count).toBe(0);
  });

  it("approves with a note once confirmed", async () => {
    const decide = apiOk("/api/approvals/decide", ApprovalDecideResultSchema, {
      order_id: 901,
      status: "approved",
      tier: 1,
      order_status: 1,
      order_status_name: "Active",
    });
    server.use(decide.handler);
    const { user } = openDecision();
    await fill(user, await screen.findByRole("textbox", { name: /Note/ }), "Fine for the winter campaign");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent("Approve order #901?");
    expect(decide.calls.count).toBe(0);
    await user.click(within(dialog).getByRole("button", { name: "Approve order" }));
    await waitFor(() =>
      expect(decide.calls.last).toEqual({
        order_id: 901,
        tier: 1,
        decision: "approve",
        note: "Fine for the winter campaign",
      }),
    );
    expect(await screen.findByText("Order #901 is Active.")).toBeInTheDocument();
  });

  it("needs a note to reject, then rejects with it", async () => {
    const decide = apiOk("/api/approvals/decide", ApprovalDecideResultSchema, {
      order_id: 901,
      status: "rejected",
      tier: 1,
      order_status: 5,
      order_status_name: "Cancelled",
    });
    server.use(decide.handler);
    const { user } = openDecision();
    const note = await screen.findByRole("textbox", { name: /Note/ });
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(note).toHaveAccessibleDescription(/Say why the order is rejected/);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    // A rejection after an approval's click still checks and sends the rejection.
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: MESSAGES.confirmTitle })).getByRole("button", {
        name: "Keep waiting",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await fill(user, note, "Over the quarter's packs: order again in January");
    await user.click(screen.getByRole("button", { name: "Reject" }));
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent("Reject order #901? It will be cancelled and the practice emailed your note.");
    await user.click(within(dialog).getByRole("button", { name: "Reject order" }));
    await waitFor(() =>
      expect(decide.calls.last).toEqual({
        order_id: 901,
        tier: 1,
        decision: "reject",
        note: "Over the quarter's packs: order again in January",
      }),
    );
    expect(await screen.findByText("Order #901 is Cancelled.")).toBeInTheDocument();
  });

  it("says so when another approver decided first (a stale page decides nothing)", async () => {
    server.use(apiError("/api/approvals/decide", 409, "CONFLICT", "This order has already been decided.").handler);
    const { user } = openDecision();
    await user.click(await screen.findByRole("button", { name: "Approve" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: MESSAGES.confirmTitle })).getByRole("button", {
        name: "Approve order",
      }),
    );
    expect(await screen.findByText("This order has already been decided.")).toBeInTheDocument();
  });

  it("offers no decision when the order waits for someone else", async () => {
    openDecision(request(901, { can_decide: false, tier: 2, tiers: 2 }));
    expect(await screen.findByText("This order waits for another approver's step.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Approve" })).not.toBeInTheDocument();
  });
});
