import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import {
  AllocationGridSchema,
  AllocationImportResultSchema,
  IdResultSchema,
  ProgrammeSchema,
} from "@vetportal/contract";
import { HttpResponse, http } from "msw";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { apiOk } from "../../../test/handlers.ts";
import { fill, renderPage, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { atWidth } from "../../../test/viewport.ts";
import { AdminGridRoute } from "./admin-grid.tsx";
import { AdminProgrammesRoute } from "./admin-programmes.tsx";

type Programme = z.input<typeof ProgrammeSchema>;
type Grid = z.input<typeof AllocationGridSchema>;

const PROGRAMME: Programme = {
  id: 3,
  name: "Client education",
  period: "quarter",
  unit: "packs",
  scope: "all",
  scope_ids: [],
  over_balance: "approval",
  rollover: false,
  warning_percent: 80,
  default_allotted: 40,
  active: true,
};

describe("allowance programmes page", () => {
  function openProgrammes() {
    signIn({ admin: true });
    const list = apiOk("/api/allowance/programme/list", z.array(ProgrammeSchema), [PROGRAMME]);
    const add = apiOk("/api/allowance/programme/add", IdResultSchema, { id: 4 });
    const update = apiOk("/api/allowance/programme/update", IdResultSchema, { id: 3 });
    server.use(list.handler, add.handler, update.handler);
    const page = renderPage(<AdminProgrammesRoute />, { path: "/admin/allowances", url: "/admin/allowances" });
    return { ...page, list, add, update };
  }

  it("lists the programmes, each opening its grid", async () => {
    const { user, router } = openProgrammes();
    const table = await screen.findByRole("table", { name: "Programmes" });
    const row = within(table).getByRole("row", { name: /Client education/ });
    expect(row).toHaveTextContent("quarter");
    expect(row).toHaveTextContent("40 packs");
    expect(row).toHaveTextContent("Orders over the balance need approval");
    await user.click(within(row).getByRole("link", { name: "Client education" }));
    expect(router.state.location.pathname).toBe("/admin/allowances/3");
  });

  it("adds a programme of some categories in dollars, and refuses one without a name", async () => {
    const { user, add } = openProgrammes();
    await user.click(await screen.findByRole("button", { name: "Add Programme" }));
    const form = screen.getByRole("form", { name: "Add a programme" });
    await user.click(within(form).getByRole("button", { name: "Add Programme" }));
    expect(within(form).getByRole("textbox", { name: /Name/ })).toHaveAccessibleDescription("Enter a name.");
    expect(add.calls.count).toBe(0);
    await fill(user, within(form).getByRole("textbox", { name: /Name/ }), "Dental kits");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Unit" }), "Dollars");
    await user.selectOptions(within(form).getByRole("combobox", { name: "What counts" }), "Some categories");
    await fill(user, within(form).getByRole("textbox", { name: /Category or product ids/ }), "31, 32");
    await fill(user, within(form).getByRole("textbox", { name: /Default allotment/ }), "50000");
    await user.click(within(form).getByRole("button", { name: "Add Programme" }));
    await waitFor(() =>
      expect(add.calls.last).toMatchObject({
        name: "Dental kits",
        unit: "dollars",
        scope: "categories",
        scope_ids: [31, 32],
        default_allotted: 50_000,
      }),
    );
    expect(await screen.findByText("Programme added.")).toBeInTheDocument();
  });

  it("changes a programme under its id", async () => {
    const { user, update } = openProgrammes();
    await user.click(await screen.findByRole("button", { name: "Change Client education" }));
    const form = screen.getByRole("form", { name: "Change Client education" });
    await fill(user, within(form).getByRole("textbox", { name: /Warning level/ }), "90");
    await user.click(within(form).getByRole("button", { name: "Save Programme" }));
    await waitFor(() =>
      expect(update.calls.last).toMatchObject({ id: 3, name: "Client education", warning_percent: 90 }),
    );
  });
});

const GRID: Grid = {
  programme: PROGRAMME,
  period_start: "2026-10-01",
  rows: [
    {
      user_id: 21,
      practice: "Harbor Vet Clinic",
      department: "Coastal",
      allotted: 40,
      own: false,
      used: 26,
      pending: 6,
      left: 8,
    },
    {
      user_id: 22,
      practice: "Maple Animal Hospital",
      department: "Inland",
      allotted: 60,
      own: true,
      used: 10,
      pending: 0,
      left: 50,
    },
  ],
  department_defaults: [{ department_id: 5, department: "Coastal", allotted: 40 }],
};

function openGrid(url = "/admin/allowances/3") {
  signIn({ admin: true });
  const grid = apiOk("/api/allowance/grid", AllocationGridSchema, (body) => {
    const period = (body as { period?: string }).period;
    return period ? { ...GRID, period_start: "2026-07-01", rows: GRID.rows.slice(1) } : GRID;
  });
  server.use(grid.handler);
  return { ...renderPage(<AdminGridRoute />, { path: "/admin/allowances/:id", url }), grid };
}

const gridTable = () => screen.getByRole("table", { name: "Allocations" });

describe("allocations grid", () => {
  it("shows each practice's allotted, used, pending and left in the period", async () => {
    const { grid } = openGrid();
    expect(await screen.findByRole("heading", { level: 1, name: "Client education allocations" })).toBeInTheDocument();
    expect(screen.getByText("The quarter from 2026-10-01.")).toBeInTheDocument();
    const harbor = within(gridTable()).getByRole("row", { name: /Harbor Vet Clinic/ });
    expect(within(harbor).getByRole("cell", { name: "40 packs (inherited)" })).toHaveAttribute(
      "data-label",
      "Allotted",
    );
    expect(within(harbor).getByRole("cell", { name: "6 packs" })).toHaveAttribute("data-label", "Pending");
    expect(within(harbor).getByRole("cell", { name: "8 packs" })).toHaveAttribute("data-label", "Left");
    expect(within(gridTable()).getByRole("row", { name: /Maple/ })).toHaveTextContent("60 packs");
    expect(grid.calls.last).toEqual({ programme_id: 3 });
  });

  it("filters by practice or department on the page, and asks for another period by a day of it", async () => {
    const { user, grid, router } = openGrid();
    await screen.findByRole("table", { name: "Allocations" });
    await fill(user, screen.getByRole("textbox", { name: /Practice/ }), "inland");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(within(gridTable()).getAllByRole("row")).toHaveLength(2));
    expect(within(gridTable()).getByRole("row", { name: /Maple/ })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get("practice")).toBe("inland");
    // The page filters what the grid read: no second read for the words.
    expect(grid.calls.count).toBe(1);

    fireEvent.change(screen.getByLabelText(/Period/), { target: { value: "2026-08-15" } });
    await user.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(grid.calls.last).toEqual({ programme_id: 3, period: "2026-08-15" }));
    expect(await screen.findByText("The quarter from 2026-07-01.")).toBeInTheDocument();

    await fill(user, screen.getByRole("textbox", { name: /Practice/ }), "nobody");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(await screen.findByText("No practice matches this filter.")).toBeInTheDocument();
  });

  it("leaves a malformed period in the URL out and shows today's", async () => {
    const { grid } = openGrid("/admin/allowances/3?period=2026-02-31");
    await screen.findByRole("table", { name: "Allocations" });
    expect(grid.calls.last).toEqual({ programme_id: 3 });
  });

  it("draws the forms below a phone's cards once they are whole, one a frame, so they do not move down as cards arrive", async () => {
    atWidth(390);
    signIn({ admin: true });
    const row = { department: null, allotted: 40, own: true, used: 0, pending: 0, left: 40 };
    const many = Array.from({ length: 30 }, (_, i) => ({ ...row, user_id: 100 + i, practice: `Clinic ${i}` }));
    server.use(apiOk("/api/allowance/grid", AllocationGridSchema, { ...GRID, rows: many }).handler);
    renderPage(<AdminGridRoute />, { path: "/admin/allowances/:id", url: "/admin/allowances/3" });
    const table = await screen.findByRole("table", { name: "Allocations" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("form", { name: "Set an allocation" })).not.toBeInTheDocument();
    await waitFor(() => expect(table).not.toHaveAttribute("aria-busy"));
    expect(within(table).getAllByRole("row")).toHaveLength(31);
    expect(screen.getByRole("form", { name: "Set an allocation" })).toBeInTheDocument();
    // The next form and the import arrive in frames of their own (decision 034, lever 64).
    expect(screen.queryByRole("form", { name: "Adjust a balance" })).not.toBeInTheDocument();
    expect(await screen.findByRole("form", { name: "Adjust a balance" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "CSV file" })).toBeInTheDocument();
  });

  it("exports the period it shows as the CSV the server names", async () => {
    const exported: unknown[] = [];
    server.use(
      http.post("/api/allowance/export", async ({ request }) => {
        exported.push(await request.json());
        return new HttpResponse("user_id,practice,period_start,allotted\n", {
          headers: {
            "Content-Type": "text/csv",
            "Content-Disposition": 'attachment; filename="allocations_3_2026-07-01.csv"',
          },
        });
      }),
    );
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    URL.createObjectURL = vi.fn(() => "blob:allocations");
    URL.revokeObjectURL = vi.fn();
    const { user } = openGrid("/admin/allowances/3?period=2026-08-15");
    await screen.findByRole("table", { name: "Allocations" });
    await user.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(saved).toEqual(["allocations_3_2026-07-01.csv"]));
    expect(exported).toEqual([{ programme_id: 3, period: "2026-08-15" }]);
  });

  it("previews a CSV import with a refused row, applies nothing, then applies a good file", async () => {
    const imports = apiOk("/api/allowance/import", AllocationImportResultSchema, (body) => {
      const { csv, apply } = body as { csv: string; apply: boolean };
      const bad = csv.includes("abc");
      return {
        rows: [
          {
            line: 2,
            user_id: 21,
            practice: "Harbor Vet Clinic",
            period_start: "2026-10-01",
            allotted: 45,
            error: null,
          },
          bad
            ? {
                line: 3,
                user_id: 22,
                practice: "Maple",
                period_start: "2026-10-01",
                allotted: null,
                error: "Allotted must be a whole number of 0 or more",
              }
            : { line: 3, user_id: 22, practice: "Maple", period_start: "2026-10-01", allotted: 70, error: null },
        ],
        errors: bad ? 1 : 0,
        applied: apply && !bad,
      };
    });
    server.use(imports.handler);
    const { user } = openGrid();
    await screen.findByRole("table", { name: "Allocations" });
    // Mantine's FileInput is a button named "CSV file" over a hidden file input.
    expect(await screen.findByRole("button", { name: "CSV file" })).toBeInTheDocument();
    const upload = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!upload) throw new Error("no file input");
    const header = "user_id,practice,period_start,allotted\n";
    await user.upload(
      upload,
      new File([`${header}21,Harbor,2026-10-01,45\n22,Maple,2026-10-01,abc\n`], "a.csv", { type: "text/csv" }),
    );
    const preview = screen.getByRole("button", { name: "Preview" });
    await waitFor(() => expect(preview).toBeEnabled());
    await user.click(preview);
    expect(await screen.findByText("1 of 2 rows refused; fix the file and preview it again.")).toBeInTheDocument();
    const refused = within(screen.getByRole("table", { name: "Import preview" })).getByRole("row", { name: /^3/ });
    expect(refused).toHaveTextContent("Allotted must be a whole number of 0 or more");
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
    expect(imports.calls.last).toMatchObject({ programme_id: 3, apply: false });

    await user.upload(
      upload,
      new File([`${header}21,Harbor,2026-10-01,45\n22,Maple,2026-10-01,70\n`], "b.csv", { type: "text/csv" }),
    );
    await waitFor(() => expect(screen.queryByRole("table", { name: "Import preview" })).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("2 rows ready to apply.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("Applied 2 rows.")).toBeInTheDocument();
    expect(imports.calls.last).toMatchObject({ programme_id: 3, apply: true });
    expect((imports.calls.last as { csv: string }).csv).toContain("22,Maple,2026-10-01,70");
  });
});
