import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MY_ALLOWANCE_LEDGER_ROWS, type MyAllowance, MyAllowanceSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { apiOk } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { AllowanceChip } from "../components/allowance-chip.tsx";
import { AllowanceRoute } from "./allowance.tsx";

const balance = (left: number, used: number): MyAllowance => ({
  balances: [
    {
      programme_id: 3,
      name: "Client education",
      unit: "packs",
      period: "quarter",
      period_start: "2026-10-01",
      allotted: 40,
      used,
      left,
      warning_percent: 80,
      over_balance: "allow",
    },
  ],
  ledger: [],
});

function serve(allowance: MyAllowance) {
  signIn();
  server.use(apiOk("/api/allowance/query", MyAllowanceSchema, allowance).handler);
}

describe("the allowance's words (chip and /allowance)", () => {
  it("a balance below zero reads as packs over this quarter, never a negative figure left", async () => {
    serve(balance(-57, 97));
    renderPage(<AllowanceChip />);
    expect(await screen.findByTestId("allowance-chip")).toHaveTextContent(
      /^Client education: 57 packs over this quarter$/,
    );
  });

  it("the /allowance table says the same", async () => {
    serve(balance(-57, 97));
    renderPage(<AllowanceRoute />, { path: "/allowance", url: "/allowance" });
    const table = await screen.findByRole("table", { name: "Your programmes" });
    const row = within(table).getByRole("row", { name: /Client education/ });
    expect(row).toHaveTextContent("57 packs over this quarter");
    expect(row).not.toHaveTextContent("-57");
  });

  it("a balance not below zero says what is left", async () => {
    serve(balance(14, 26));
    renderPage(<AllowanceChip />);
    expect(await screen.findByTestId("allowance-chip")).toHaveTextContent(
      /^Client education: 14 of 40 packs left this quarter$/,
    );
  });
});

describe("the /allowance ledger", () => {
  const withLedger = (count: number): MyAllowance => ({
    ...balance(14, 26),
    ledger: Array.from({ length: count }, (_, i) => ({
      id: count - i,
      programme_id: 3,
      period_start: "2026-10-01",
      kind: "order",
      delta: -1,
      order_id: 9000 - i,
      product_name: null,
      reason: null,
      created: "2026-11-20T17:00:00.000Z",
    })),
  });

  it("shows 25 changes a page, newest first, and pages through the rest", async () => {
    serve(withLedger(60));
    renderPage(<AllowanceRoute />, { path: "/allowance", url: "/allowance" });
    const ledger = await screen.findByRole("table", { name: "Allowance ledger" });
    // The page's last rows are drawn a frame or two after its first (useInBatches).
    await waitFor(() => expect(within(ledger).getAllByRole("link", { name: /^Order #/ })).toHaveLength(25));
    expect(within(ledger).getByRole("link", { name: "Order #9000" })).toBeInTheDocument();
    expect(screen.getByText("Showing 1–25 of 60 changes · Page 1 of 3")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Page 3" }));
    const last = screen.getByRole("table", { name: "Allowance ledger" });
    expect(within(last).getAllByRole("link", { name: /^Order #/ })).toHaveLength(10);
    expect(within(last).getByRole("link", { name: "Order #8941" })).toBeInTheDocument();
    expect(within(last).queryByRole("link", { name: "Order #9000" })).not.toBeInTheDocument();
  });

  it("says the changes are the newest ones when the API sent all it sends", async () => {
    serve(withLedger(MY_ALLOWANCE_LEDGER_ROWS));
    renderPage(<AllowanceRoute />, { path: "/allowance", url: "/allowance" });
    await screen.findByRole("table", { name: "Allowance ledger" });
    expect(screen.getByText(`Showing 1–25 of the newest ${MY_ALLOWANCE_LEDGER_ROWS} changes`)).toBeInTheDocument();
  });

  it("a short ledger has no pager", async () => {
    serve(withLedger(3));
    renderPage(<AllowanceRoute />, { path: "/allowance", url: "/allowance" });
    const ledger = await screen.findByRole("table", { name: "Allowance ledger" });
    expect(within(ledger).getAllByRole("link", { name: /^Order #/ })).toHaveLength(3);
    expect(screen.queryByRole("navigation", { name: "Pages of changes" })).not.toBeInTheDocument();
  });
});
