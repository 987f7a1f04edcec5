import { modals } from "@mantine/modals";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AppProviders } from "../providers.tsx";
import { LazyModals } from "./lazy-modals.tsx";

/** The layout's modals provider loads with the first confirmation (decision 034, fifth round). */
describe("the signed-in layout's confirmation modals", () => {
  it("opens a confirmation asked before its provider has loaded, and hears the answer", async () => {
    const onConfirm = vi.fn();
    const ask = () =>
      modals.openConfirmModal({ title: "Remove the line?", labels: { confirm: "Remove", cancel: "Keep" }, onConfirm });
    render(
      <AppProviders env="test">
        <button type="button" onClick={ask}>
          Ask
        </button>
        <LazyModals />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Ask" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove the line?" });
    await user.click(screen.getByRole("button", { name: "Remove" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(dialog).not.toBeInTheDocument();
  });

  it("replays what was asked meanwhile in order: a modal closed before the provider loaded stays closed", async () => {
    render(
      <AppProviders env="test">
        <LazyModals />
      </AppProviders>,
    );
    modals.open({ modalId: "first", title: "First" });
    modals.close("first");
    modals.open({ modalId: "second", title: "Second" });
    expect(await screen.findByRole("dialog", { name: "Second" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog", { name: "First" })).toBeNull();
  });
});
