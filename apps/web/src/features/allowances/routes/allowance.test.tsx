import { screen, within } from "@testing-library/react";
import { type MyAllowance, MyAllowanceSchema } from "@vetportal/contract";
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
