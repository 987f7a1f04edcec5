import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { AuditRowSchema, MESSAGES } from "@vetportal/contract";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { apiList } from "../../../test/handlers.ts";
import { renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { AuditLogRoute } from "./audit-log.tsx";

type Row = z.input<typeof AuditRowSchema>;

function auditRow(id: number, over: Partial<Row> = {}): Row {
  return {
    id,
    created: "2026-11-24T15:00:00.000Z",
    actor_user_id: 1,
    actor: "Avery Admin",
    actor_email: "admin@vetportal.example",
    session_id: 41,
    kind: "department",
    kind_name: "department",
    action: "update",
    record_id: 7,
    record_label: "Cardiology & Surgery",
    changes: [{ field: "name", before: "Cardiology", after: "Cardiology & Surgery" }],
    ...over,
  };
}

const ROWS = [
  auditRow(3),
  auditRow(2, {
    kind: "cost_center",
    kind_name: "cost center",
    action: "create",
    record_id: 9,
    record_label: "CC-500",
    changes: [
      { field: "name", before: null, after: "CC-500" },
      { field: "is_active", before: null, after: "true" },
    ],
  }),
];

function openAudit(url = "/admin/audit") {
  signIn({ admin: true });
  const list = apiList("/api/audit/list", AuditRowSchema, () => ({ rows: ROWS, total: 2 }));
  server.use(list.handler);
  return { ...renderPage(<AuditLogRoute />, { path: "/admin/audit", url }), list };
}

const table = () => screen.getByRole("table", { name: "Audit trail" });
const rowOf = (label: string) => within(table()).getByRole("row", { name: new RegExp(label) });

describe("audit trail page", () => {
  it("lists each change with the person, the kind, the record and what changed, newest first", async () => {
    const { list } = openAudit();
    expect(await screen.findByRole("heading", { level: 1, name: "Audit Trail" })).toBeInTheDocument();
    await waitFor(() => expect(within(table()).getAllByRole("row")).toHaveLength(3));
    const updated = rowOf("Cardiology & Surgery");
    expect(within(updated).getByRole("cell", { name: /Avery Admin/ })).toHaveAttribute("data-label", "Person");
    expect(updated).toHaveTextContent("admin@vetportal.example");
    expect(updated).toHaveTextContent("name: Cardiology → Cardiology & Surgery");
    expect(within(updated).getByRole("cell", { name: "department" })).toHaveAttribute("data-label", "Kind");
    // A creation lists the values it set, without an arrow.
    const created = rowOf("CC-500");
    expect(created).toHaveTextContent("cost center");
    expect(created).toHaveTextContent("is active: true");
    expect(created).not.toHaveTextContent("→");
    expect(list.calls.last).toEqual({ limit: 50, offset: 0 });
  });

  it("filters by person, kind, record and dates, and keeps them in the URL", async () => {
    const { user, list, router } = openAudit();
    await screen.findByRole("form", { name: "Filter the audit trail" });
    // Every kind the trail records is offered, the portal settings (decision 047) among them.
    expect(
      within(screen.getByRole("combobox", { name: /Kind/ })).getByRole("option", { name: "portal settings" }),
    ).toHaveValue("settings");
    await user.type(screen.getByRole("textbox", { name: /Person/ }), " avery ");
    await user.selectOptions(screen.getByRole("combobox", { name: /Kind/ }), "product");
    await user.type(screen.getByRole("textbox", { name: /Record/ }), "144048");
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: "2026-11-01" } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2026-11-30" } });
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(list.calls.last).toEqual({
        person: "avery",
        kind: "product",
        record: "144048",
        date_from: "2026-11-01",
        date_to: "2026-11-30",
        limit: 50,
        offset: 0,
      }),
    );
    expect(new URLSearchParams(router.state.location.search).get("kind")).toBe("product");
  });

  it("takes no filter from a day in the URL that the API would refuse", async () => {
    const { list } = openAudit("/admin/audit?from=1500-01-01&to=2026-11-30");
    await waitFor(() => expect(list.calls.count).toBe(1));
    expect(list.calls.last).toEqual(expect.not.objectContaining({ date_from: expect.anything() }));
    expect(list.calls.last).toEqual(expect.objectContaining({ date_to: "2026-11-30" }));
  });

  it("refuses a date range that ends before it starts, and sends nothing", async () => {
    const { user, list } = openAudit();
    await screen.findByRole("form", { name: "Filter the audit trail" });
    await waitFor(() => expect(list.calls.count).toBe(1));
    fireEvent.change(screen.getByLabelText(/From/), { target: { value: "2026-11-20" } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2026-11-10" } });
    expect(screen.getByText(MESSAGES.dateRange)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(list.calls.count).toBe(1);
  });

  it("exports the filtered rows as the CSV the server names", async () => {
    const exported: unknown[] = [];
    server.use(
      http.post("/api/audit/export", async ({ request }) => {
        exported.push(await request.json());
        return new HttpResponse("When,Person\n", {
          headers: { "Content-Type": "text/csv", "Content-Disposition": 'attachment; filename="audit_2026-11-24.csv"' },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:audit");
    URL.revokeObjectURL = vi.fn();
    const { user } = openAudit("/admin/audit?kind=order&person=avery");
    await screen.findByRole("form", { name: "Filter the audit trail" });
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toEqual(["audit_2026-11-24.csv"]));
    expect(exported).toEqual([{ kind: "order", person: "avery" }]);
  });

  it("says when nothing matches", async () => {
    signIn({ admin: true });
    server.use(apiList("/api/audit/list", AuditRowSchema, []).handler);
    renderPage(<AuditLogRoute />, { path: "/admin/audit", url: "/admin/audit?person=nobody" });
    expect(await screen.findByText("No change matches these filters.")).toBeInTheDocument();
  });
});
