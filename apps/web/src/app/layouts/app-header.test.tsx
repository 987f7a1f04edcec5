import { screen, waitFor, within } from "@testing-library/react";
import { ApprovalWaitingSchema, MyAllowanceSchema } from "@vetportal/contract";
import { describe, expect, it, vi } from "vitest";
import { apiOk } from "../../test/handlers.ts";
import { renderComponent, signIn } from "../../test/render.tsx";
import { server } from "../../test/server.ts";
import { AppHeader } from "./app-header.tsx";

// jsdom does not know the <search> element the search field sits in; it is no part of these menus.
vi.mock("../../features/catalog/components/product-search.tsx", () => ({ ProductSearch: () => null }));

function answerHeaderQueries() {
  server.use(
    apiOk("/api/allowance/query", MyAllowanceSchema, { balances: [], ledger: [] }).handler,
    apiOk("/api/approvals/waiting", ApprovalWaitingSchema, { approver: false, waiting: 0 }).handler,
  );
}

describe("the signed-in header's links", () => {
  it("adds Approvals after every other link when its answer comes, so no link moves (a layout shift)", async () => {
    server.use(
      apiOk("/api/allowance/query", MyAllowanceSchema, { balances: [], ledger: [] }).handler,
      apiOk("/api/approvals/waiting", ApprovalWaitingSchema, { approver: true, waiting: 2 }).handler,
    );
    signIn({ admin: true });
    renderComponent(<AppHeader onCustomerService={vi.fn()} onLogout={vi.fn()} />);
    const nav = screen.getAllByRole("navigation", { name: "Main" })[0] as HTMLElement;
    const before = Array.from(nav.children, (item) => item.textContent);
    const approvals = await within(nav).findByRole("link", { name: /^Approvals/ });
    expect(Array.from(nav.children, (item) => item.textContent)).toEqual([...before, approvals.textContent]);
    expect(approvals).toHaveTextContent("Approvals 2 waiting");
  });
});

/** The menus load their code on first use (decision 034): a first press still opens them, whole. */
describe("the signed-in header's menus", () => {
  it("opens the Reports menu with every report on the first press", async () => {
    answerHeaderQueries();
    signIn({ admin: true });
    const { user } = renderComponent(<AppHeader onCustomerService={vi.fn()} onLogout={vi.fn()} />);
    const reports = screen.getByRole("button", { name: "Reports" });
    expect(reports).toHaveAttribute("aria-haspopup", "menu");
    expect(screen.queryByRole("menu")).toBeNull();
    await user.click(reports);
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Audit Trail" })).toHaveAttribute("href", "/admin/audit");
    expect(within(menu).getByRole("menuitem", { name: "Portal Settings" })).toHaveAttribute("href", "/admin/settings");
    expect(within(menu).getAllByRole("menuitem")).toHaveLength(15);
    // Closed with Escape, the focus is back on the (new) Reports button, as with a menu loaded at once.
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Reports" })).toHaveFocus());
  });

  it("opens the phone menu with the links, Customer Service and Logout on the first press", async () => {
    answerHeaderQueries();
    signIn();
    const onCustomerService = vi.fn();
    const { user } = renderComponent(<AppHeader onCustomerService={onCustomerService} onLogout={vi.fn()} />);
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    const drawer = await screen.findByRole("dialog", { name: "Menu" });
    const nav = within(drawer).getByRole("navigation", { name: "Main" });
    for (const name of ["Products", "Quick Order", "Cart", "Orders", "Account"]) {
      expect(within(nav).getByRole("link", { name })).toBeInTheDocument();
    }
    // The page shown ("/", the products) is the current one, as in the wide header.
    expect(within(nav).getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Orders" })).not.toHaveAttribute("aria-current");
    // Closed, the drawer gives the focus back to the menu button that opened it.
    await user.click(within(drawer).getByRole("button", { name: "Close menu" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus());
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Menu" })).getByRole("button", { name: "Customer Service" }),
    );
    expect(onCustomerService).toHaveBeenCalledTimes(1);
  });
});
