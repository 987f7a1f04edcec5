import { NativeSelect, TextInput } from "@mantine/core";
import { screen, waitFor } from "@testing-library/react";
import { MESSAGES } from "@vetportal/contract";
import { describe, expect, it } from "vitest";
import { readParams, useListParams } from "../lib/list-params.ts";
import { renderPage } from "../test/render.tsx";
import { DayInput } from "./day-input.tsx";
import { FilterForm, useFilterValues } from "./filter-form.tsx";

const EMPTY = { name: "", status: "", from: "" };

/** An admin list's filter as the list pages wire it: the applied filter lives in the URL. */
function UserFilter() {
  const { params, update } = useListParams();
  const applied = readParams(params, EMPTY);
  const { values, setValues, set, field } = useFilterValues(applied);
  return (
    <>
      <FilterForm
        label="Filter users"
        onSearch={() => update({ ...values, page: 1 })}
        onClear={() => {
          setValues(EMPTY);
          update({ ...EMPTY, page: 1 });
        }}
      >
        <TextInput label="Name" {...field("name")} />
        <NativeSelect label="Status" data={["", "Active", "Inactive"]} {...field("status")} />
        <DayInput label="Since" value={values.from} onChange={(day) => set("from", day)} />
      </FilterForm>
      <p>{`Applied: ${JSON.stringify(applied)}`}</p>
    </>
  );
}

describe("FilterForm", () => {
  it("applies nothing until Search, then puts the filter in the URL and goes to page 1", async () => {
    const { user, router } = renderPage(<UserFilter />, { url: "/userreport?page=3" });
    const form = await screen.findByRole("form", { name: "Filter users" });
    await user.type(screen.getByRole("textbox", { name: "Name" }), "paws");
    expect(screen.getByText(`Applied: ${JSON.stringify(EMPTY)}`)).toBeInTheDocument();
    expect(router.state.location.search).toBe("?page=3");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(router.state.location.search).toBe("?name=paws");
    expect(screen.getByText(`Applied: ${JSON.stringify({ name: "paws", status: "", from: "" })}`)).toBeInTheDocument();
    expect(form).toBeInTheDocument();
  });

  it("applies nothing while a field holds what it cannot take, and says so there", async () => {
    const { user, router } = renderPage(<UserFilter />, { url: "/userreport" });
    const since = await screen.findByRole("textbox", { name: "Since" });
    await user.type(screen.getByRole("textbox", { name: "Name" }), "paws");
    await user.type(since, "02/30/2026{Enter}");
    expect(router.state.location.search).toBe("");
    expect(screen.getByText(MESSAGES.dayFormat)).toBeInTheDocument();
    await waitFor(() => expect(since).toHaveFocus());
    await user.clear(since);
    await user.type(since, "02/28/2026{Enter}");
    expect(router.state.location.search).toBe("?name=paws&from=2026-02-28");
  });

  it("searches on Enter in a field", async () => {
    const { user, router } = renderPage(<UserFilter />, { url: "/userreport" });
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "vet{Enter}");
    expect(router.state.location.search).toBe("?name=vet");
  });

  it("starts from the filter in the URL, and Clear empties the fields and applies at once", async () => {
    const { user, router } = renderPage(<UserFilter />, { url: "/userreport?name=paws&status=Active&page=2" });
    expect(await screen.findByRole("textbox", { name: "Name" })).toHaveValue("paws");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("Active");
    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.getByRole("textbox", { name: "Name" })).toHaveValue("");
    expect(screen.getByRole("combobox", { name: "Status" })).toHaveValue("");
    expect(router.state.location.search).toBe("");
  });
});
