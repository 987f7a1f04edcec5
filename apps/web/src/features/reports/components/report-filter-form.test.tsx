import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MESSAGES, ReportFiltersSchema, UserRowSchema } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { apiList, apiOk } from "../../../test/handlers.ts";
import { fill, renderComponent, signIn } from "../../../test/render.tsx";
import { server } from "../../../test/server.ts";
import { defaultFormValues, type ReportFormValues } from "../utils/report-params.ts";
import { ReportFilterForm } from "./report-filter-form.tsx";

const TODAY = "2026-11-24";
const TODAY_SHOWN = "11/24/2026";

/** The report's filter over `initial`; what Search applies is collected in `searched`. */
function openFilter(initial: ReportFormValues = defaultFormValues(TODAY)) {
  signIn({ admin: true });
  const filters = apiOk("/api/report/filters", ReportFiltersSchema, {
    departments: [
      { id: 5, name: "Surgery" },
      { id: 6, name: "Boarding" },
    ],
    cost_centers: [{ id: 9, name: "CC North" }],
    order_statuses: [
      { id: 1, name: "Active" },
      { id: 5, name: "Shipped" },
    ],
    categories: [],
  });
  const users = apiList("/api/user/list", UserRowSchema, [
    {
      id: 42,
      first_name: "Pat",
      last_name: "Practice",
      email: "pat@paws.example.com",
      phone: null,
      representation: "Paws Clinic",
      user_level_id: 1,
      user_level: "User",
      is_approver: false,
      requires_approval: false,
      is_active: true,
      department_id: null,
      department_name: null,
      city: "Albany",
      state: "NY",
    },
  ]);
  server.use(filters.handler, users.handler);
  const searched: ReportFormValues[] = [];
  const page = renderComponent(
    <ReportFilterForm
      initial={initial}
      hasResults={false}
      today={TODAY}
      isSearching={false}
      onSearch={(values) => searched.push(values)}
    />,
  );
  return { ...page, searched, users };
}

const form = () => screen.getByRole("form", { name: "Report filter" });
const search = () => within(form()).getByRole("button", { name: "Search" });

/** Picks `option` in the (native) select named `label`. */
async function choose(user: ReturnType<typeof openFilter>["user"], label: string, option: string) {
  const select = within(form()).getByRole("combobox", { name: label });
  // The customer's lists arrive with the filter choices.
  await within(select).findByRole("option", { name: option });
  await user.selectOptions(select, option);
}

describe("report filter", () => {
  it("searches today's orders by default", async () => {
    const { user, searched } = openFilter();
    await user.click(await screen.findByRole("button", { name: "Search" }));
    expect(searched).toEqual([defaultFormValues(TODAY)]);
  });

  it("offers the customer's departments and statuses, and searches with the chosen ones", async () => {
    const { user, searched } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    await choose(user, "Department", "Surgery");
    await choose(user, "Order status", "Shipped");
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ department_id: 5, order_status_id: 5 });
  });

  it("asks only for the optional columns the chosen view can show", async () => {
    const { user, searched } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    await user.click(within(form()).getByRole("checkbox", { name: "Email" }));
    await user.click(within(form()).getByRole("checkbox", { name: "Ship to" }));
    await choose(user, "Search by", "User");
    // The User view shows emails but not where orders went.
    expect(within(form()).getByRole("checkbox", { name: "Ship to" })).toBeDisabled();
    expect(within(form()).getByRole("checkbox", { name: "Email" })).toBeChecked();
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ search_by: 3, columns: ["email"] });
    await choose(user, "Search by", "Product");
    expect(within(form()).getByText("The Product view has no optional columns.")).toBeInTheDocument();
  });

  it("refuses an end date before the start with the Errors! dialog, keeping the dates", async () => {
    const { user, searched } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    const to = within(form()).getByLabelText("Date to");
    await fill(user, to, "2026-11-01");
    const dialog = await screen.findByRole("dialog", { name: MESSAGES.dateRangeTitle });
    expect(dialog).toHaveTextContent(MESSAGES.dateRange);
    expect(to).toHaveValue(TODAY_SHOWN);
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ date_from: TODAY, date_to: TODAY });
  });

  it("takes a typed date range", async () => {
    const { user, searched } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    await fill(user, within(form()).getByLabelText("Date from"), "2026-11-01");
    await user.tab();
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ date_from: "2026-11-01", date_to: TODAY });
  });

  it("passes on no half-typed year: 11/01/2, 11/01/20, 11/01/202 while 2025 is typed", async () => {
    const { user, searched } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    const from = within(form()).getByLabelText("Date from");
    // Each of these would be a day before Date to's, but none is refused as a range: none is a day yet.
    for (const partial of ["11/01/2", "11/01/20", "11/01/202"]) fireEvent.change(from, { target: { value: partial } });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(from).toHaveValue("11/01/202");
    fireEvent.change(from, { target: { value: "11/01/2025" } });
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ date_from: "2025-11-01", date_to: TODAY });
  });

  it("shows the applied day again when the field is left half-typed", async () => {
    const { user } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    const from = within(form()).getByLabelText("Date from");
    await user.click(from);
    fireEvent.change(from, { target: { value: "11/01/20" } });
    await user.tab();
    expect(from).toHaveValue(TODAY_SHOWN);
  });

  it("suggests users as a name is typed, and searches for the one picked", async () => {
    const { user, searched, users } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    const field = within(form()).getByRole("combobox", { name: "User" });
    await user.type(field, "pa");
    // The suggestions are the field's datalist, which the browser shows; picking one puts its text in the field.
    const list = document.getElementById(field.getAttribute("list") ?? "");
    await waitFor(() => expect(list?.querySelector("option")).toHaveAttribute("value", "Paws Clinic (Pat Practice)"));
    expect(list?.querySelector("option")).toHaveAttribute("label", "pat@paws.example.com");
    expect(users.calls.last).toEqual({ search: "pa", limit: 8 });
    await user.tripleClick(field);
    await user.paste("Paws Clinic (Pat Practice)");
    expect(within(form()).getByText("This user only")).toBeInTheDocument();
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ user_id: 42, user_text: "Paws Clinic (Pat Practice)" });
  });

  it("searches free text for users when none is picked", async () => {
    const { user, searched } = openFilter();
    await screen.findByRole("form", { name: "Report filter" });
    await fill(user, within(form()).getByRole("textbox", { name: "Keyword" }), "chews");
    await fill(user, within(form()).getByRole("textbox", { name: "PO number" }), "PO-7");
    await user.click(search());
    expect(searched.at(-1)).toMatchObject({ user_id: 0, keyword_search: "chews", po_number: "PO-7" });
  });

  it("resets every field to today's defaults", async () => {
    const initial = { ...defaultFormValues(TODAY), department_id: 5, po_number: "PO-7", search_by: 4 as const };
    const { user, searched } = openFilter(initial);
    await screen.findByRole("form", { name: "Report filter" });
    expect(within(form()).getByRole("textbox", { name: "PO number" })).toHaveValue("PO-7");
    await user.click(within(form()).getByRole("button", { name: "Reset" }));
    expect(within(form()).getByRole("textbox", { name: "PO number" })).toHaveValue("");
    await user.click(search());
    expect(searched.at(-1)).toEqual(defaultFormValues(TODAY));
  });

  it("folds the filter away and back with its toggle", async () => {
    const { user } = openFilter();
    const toggle = await screen.findByRole("button", { name: "Filter" });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await waitFor(() => expect(screen.queryByRole("form", { name: "Report filter" })).not.toBeInTheDocument());
    await user.click(toggle);
    expect(await screen.findByRole("form", { name: "Report filter" })).toBeInTheDocument();
  });
});
