import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { renderComponent } from "../test/render.tsx";
import { isNotFound, LoadError, PageLoading, RecordNotFound } from "./page-state.tsx";

describe("page states", () => {
  it("shows a failed load's reason and runs the query again on Try again", async () => {
    let refetched = 0;
    const query = {
      error: new ApiError(503, "DATABASE_UNAVAILABLE", "The service is unavailable."),
      isFetching: false,
      refetch: () => refetched++,
    };
    const { user } = renderComponent(<LoadError title="The order could not be loaded" query={query} />);
    expect(await screen.findByText("The order could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("The service is unavailable.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(refetched).toBe(1);
  });

  it("gives an error that is not the API's the generic message", async () => {
    const query = { error: new TypeError("x is undefined"), isFetching: false, refetch: () => undefined };
    renderComponent(<LoadError title="The list could not be loaded" query={query} />);
    expect(await screen.findByText("The list could not be loaded")).toBeInTheDocument();
    expect(screen.queryByText("x is undefined")).not.toBeInTheDocument();
  });

  it("keeps Try again busy while the query runs again", async () => {
    const query = { error: new ApiError(500, "INTERNAL", "Failed."), isFetching: true, refetch: () => undefined };
    renderComponent(<LoadError title="Not loaded" query={query} />);
    const retry = await screen.findByRole("button", { name: "Try again" });
    expect(retry).toHaveAttribute("data-loading", "true");
  });

  it("names a missing record in the page's one heading, with the way back", async () => {
    const { user, router } = renderComponent(
      <RecordNotFound
        title="Order not found"
        message="No such order."
        backTo="/orders"
        backLabel="Back to My Orders"
      />,
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Order not found" })).toBeInTheDocument();
    expect(screen.getByText("No such order.")).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Back to My Orders" }));
    expect(router.state.location.pathname).toBe("/orders");
  });

  it("announces a page's first load to screen readers", async () => {
    renderComponent(<PageLoading label="Loading order…" blocks={[{ h: 20 }, { h: 40, w: 100 }]} />);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading order…");
  });

  it("tells a 404 from other failures", () => {
    expect(isNotFound(new ApiError(404, "NOT_FOUND", "Not found."))).toBe(true);
    expect(isNotFound(new ApiError(403, "FORBIDDEN", "Forbidden."))).toBe(false);
    expect(isNotFound(new Error("404"))).toBe(false);
  });
});
