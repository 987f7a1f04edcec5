import { screen, waitFor, within } from "@testing-library/react";
import { MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "../lib/api-client.ts";
import { renderComponent } from "../test/render.tsx";
import { PageCrumbs } from "./page-crumbs.tsx";
import { DeleteButton, ModifyButton, RowActions } from "./row-actions.tsx";

// jsdom's accessible-name computation drops the space before the visually hidden part that
// browsers keep ("Delete Paws Clinic"), hence the patterns.
const DELETE = /^Delete\s*Paws Clinic$/;

function Row({ onDelete }: { onDelete: () => Promise<unknown> }) {
  return (
    <RowActions>
      <ModifyButton to="/Users/ModifyUser/12" name="Paws Clinic" state={{ back: "/userreport?page=2" }} />
      <DeleteButton
        name="Paws Clinic"
        message="Delete this user?"
        done="The user has been deleted."
        isPending={false}
        onDelete={onDelete}
      />
    </RowActions>
  );
}

describe("row actions", () => {
  it("names each button after its row, and Modify opens the row's form", async () => {
    const { user, router } = renderComponent(<Row onDelete={async () => undefined} />);
    await user.click(await screen.findByRole("link", { name: /^Modify\s*Paws Clinic$/ }));
    expect(router.state.location.pathname).toBe("/Users/ModifyUser/12");
    expect(router.state.location.state).toEqual({ back: "/userreport?page=2" });
  });

  it("deletes only after Yes, then says it is done", async () => {
    let deleted = 0;
    const { user } = renderComponent(
      <Row
        onDelete={async () => {
          deleted++;
        }}
      />,
    );
    await user.click(await screen.findByRole("button", { name: DELETE }));
    let dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent("Delete this user?");
    await user.click(within(dialog).getByRole("button", { name: "Don't delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(deleted).toBe(0);

    await user.click(screen.getByRole("button", { name: DELETE }));
    dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("The user has been deleted.")).toBeInTheDocument();
    expect(deleted).toBe(1);
  });

  it("says nothing is done when the delete fails", async () => {
    const { user } = renderComponent(
      <Row onDelete={() => Promise.reject(new ApiError(409, "CONFLICT", "The user has orders."))} />,
    );
    await user.click(await screen.findByRole("button", { name: DELETE }));
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.confirmTitle });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(screen.queryByText("The user has been deleted.")).not.toBeInTheDocument();
  });
});

describe("page crumbs", () => {
  it("links up the trail and marks the page itself current", async () => {
    const { user, router } = renderComponent(
      <PageCrumbs
        trail={[
          { to: "/", label: "Products" },
          { to: "/category/3", label: "Dental" },
        ]}
        current="Dental Chews"
      />,
    );
    expect(await screen.findByText("Dental Chews")).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Products" })).toHaveAttribute("href", "/");
    await user.click(screen.getByRole("link", { name: "Dental" }));
    expect(router.state.location.pathname).toBe("/category/3");
  });
});
