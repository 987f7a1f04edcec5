import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FIRST_BATCH } from "../../../lib/in-batches.ts";
import { renderPage } from "../../../test/render.tsx";
import { CardGrid, LinkCard } from "./card-grid.tsx";

function Grid({ count }: { count: number }) {
  return (
    <CardGrid>
      {Array.from({ length: count }, (_, i) => i + 1).map((id) => (
        <LinkCard key={id} to={`/product/${id}`} image={null} name={`Product ${id}`} detail={null} cta="View" />
      ))}
    </CardGrid>
  );
}

const grid = () => screen.getByRole("heading", { name: "Product 1" }).closest("a")?.parentElement as HTMLElement;

describe("CardGrid", () => {
  it("draws the first cards, is busy while the rest arrive, then holds every card in order", async () => {
    renderPage(<Grid count={20} />);
    await screen.findByRole("heading", { name: "Product 1" });
    expect(screen.getAllByRole("link")).toHaveLength(FIRST_BATCH);
    expect(grid()).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(grid()).not.toHaveAttribute("aria-busy"));
    expect(screen.getAllByRole("heading").map((heading) => heading.textContent)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Product ${i + 1}`),
    );
  });

  it("is never busy with a few cards", async () => {
    renderPage(<Grid count={3} />);
    await screen.findByRole("heading", { name: "Product 3" });
    expect(grid()).not.toHaveAttribute("aria-busy");
  });
});
