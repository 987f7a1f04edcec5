import { screen } from "@testing-library/react";
import { ApprovalWaitingSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { apiOk } from "../../../test/handlers.ts";
import { renderComponent, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { useApprovalsLink, WaitingCount } from "./approvals-nav.tsx";

/** What the header renders from the hook: the link and its count, or nothing. */
function Probe() {
  const approvals = useApprovalsLink();
  if (!approvals.show) return <p>No approvals link</p>;
  return (
    <a href="/approvals">
      Approvals <WaitingCount waiting={approvals.waiting} />
    </a>
  );
}

describe("the approver's way in (issue 23)", () => {
  it("shows Approvals with the number waiting to an approver signed in by password", async () => {
    const waiting = apiOk("/api/approvals/waiting", ApprovalWaitingSchema, { approver: true, waiting: 3 });
    server.use(waiting.handler);
    signIn();
    renderComponent(<Probe />);
    expect(await screen.findByRole("link", { name: /^Approvals\s*3\s*waiting$/ })).toHaveAttribute(
      "href",
      "/approvals",
    );
    expect(waiting.calls.count).toBe(1);
  });

  it("shows no link to a user the server says decides no approvals", async () => {
    const waiting = apiOk("/api/approvals/waiting", ApprovalWaitingSchema, { approver: false, waiting: 0 });
    server.use(waiting.handler);
    signIn();
    renderComponent(<Probe />);
    await expect.poll(() => waiting.calls.count).toBe(1);
    expect(screen.getByText("No approvals link")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Approvals/ })).toBeNull();
  });

  it("shows the link without a count when nothing waits", async () => {
    server.use(apiOk("/api/approvals/waiting", ApprovalWaitingSchema, { approver: true, waiting: 0 }).handler);
    signIn({ admin: true });
    renderComponent(<Probe />);
    expect(await screen.findByRole("link", { name: "Approvals" })).toBeInTheDocument();
  });
});
