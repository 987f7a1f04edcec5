import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { UNSAFE_DataRouterStateContext } from "react-router";
import { describe, expect, it } from "vitest";
import { FIRST_BATCH, NEXT_BATCH, useInBatches } from "./in-batches.ts";

function List({
  count,
  inBatches,
  sizes,
}: {
  count: number;
  inBatches?: boolean;
  sizes?: Parameters<typeof useInBatches>[2];
}) {
  const shown = useInBatches(count, inBatches, sizes);
  return (
    <ul>
      {Array.from({ length: shown }, (_, i) => `Item ${i + 1}`).map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** The router's state as a data router gives it, with the position it is about to scroll back to. */
function Restoring({ position, children }: { position: number | null; children: ReactNode }) {
  const state = { restoreScrollPosition: position } as React.ContextType<typeof UNSAFE_DataRouterStateContext>;
  return <UNSAFE_DataRouterStateContext.Provider value={state}>{children}</UNSAFE_DataRouterStateContext.Provider>;
}

const items = () => screen.queryAllByRole("listitem");

describe("useInBatches", () => {
  it("draws the first items, then the rest a few a frame, in order", async () => {
    render(<List count={25} />);
    expect(items()).toHaveLength(FIRST_BATCH);
    await waitFor(() => expect(items()).toHaveLength(FIRST_BATCH + NEXT_BATCH));
    await waitFor(() => expect(items()).toHaveLength(25));
    expect(items().map((item) => item.textContent)).toEqual(Array.from({ length: 25 }, (_, i) => `Item ${i + 1}`));
  });

  it("draws a long list at once when asked not to batch it (a table on a wide screen)", () => {
    render(<List count={25} inBatches={false} />);
    expect(items()).toHaveLength(25);
  });

  it("draws a short list at once", () => {
    render(<List count={3} />);
    expect(items()).toHaveLength(3);
  });

  it("draws everything at once when the page is scrolled back to where it was left, and keeps it", () => {
    const { rerender } = render(
      <Restoring position={2400}>
        <List count={25} />
      </Restoring>,
    );
    expect(items()).toHaveLength(25);
    // The next navigation forgets the position: what is drawn stays.
    rerender(
      <Restoring position={null}>
        <List count={25} />
      </Restoring>,
    );
    expect(items()).toHaveLength(25);
  });

  it("draws from the top when the router restores no position", () => {
    render(
      <Restoring position={null}>
        <List count={25} />
      </Restoring>,
    );
    expect(items()).toHaveLength(FIRST_BATCH);
  });

  it("draws everything before the browser prints", () => {
    render(<List count={25} />);
    expect(items()).toHaveLength(FIRST_BATCH);
    act(() => {
      window.dispatchEvent(new Event("beforeprint"));
    });
    expect(items()).toHaveLength(25);
  });

  it("takes other batch sizes: nothing while there is nothing, then one item a frame (a page's forms)", async () => {
    const one = { first: 1, next: 1 };
    const { rerender } = render(<List count={0} sizes={one} />);
    expect(items()).toHaveLength(0);
    // The forms' count goes from 0 to 3 once the grid above them is whole.
    rerender(<List count={3} sizes={one} />);
    expect(items()).toHaveLength(1);
    await waitFor(() => expect(items()).toHaveLength(2));
    await waitFor(() => expect(items()).toHaveLength(3));
  });
});
