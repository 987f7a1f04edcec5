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
});
