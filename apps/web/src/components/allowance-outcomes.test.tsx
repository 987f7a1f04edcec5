import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "../test/render.tsx";
import { AllowanceOutcomes } from "./allowance-outcomes.tsx";

const outcome = {
  programme_id: 1,
  name: "Client education",
  unit: "packs" as const,
  allotted: 40,
  left_before: 14,
  left_after: 4,
  over_by: 0,
  over_balance: "approval" as const,
};

describe("AllowanceOutcomes", () => {
  it("shows the balance before and after the order in the chip's words", async () => {
    renderComponent(<AllowanceOutcomes outcomes={[outcome]} />);
    expect(
      await screen.findByText("Client education: before this order 14 of 40 packs left; after it 4 of 40 packs left."),
    ).toBeInTheDocument();
  });

  it("says what happens over the balance", async () => {
    renderComponent(
      <AllowanceOutcomes
        outcomes={[
          { ...outcome, left_after: -6, over_by: 6 },
          { ...outcome, programme_id: 2, name: "Posters", over_by: 2, left_after: -2, over_balance: "refuse" },
        ]}
      />,
    );
    expect(
      await screen.findByText("Client education: this order is 6 packs over your balance and needs approval."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Posters: this order is 2 packs over your balance and will be refused."),
    ).toBeInTheDocument();
  });

  it("shows nothing when no programme counts the order", () => {
    const { container } = renderComponent(<AllowanceOutcomes outcomes={[]} />);
    expect(container.querySelector("[data-testid='allowance-outcomes']")).toBeNull();
  });
});
