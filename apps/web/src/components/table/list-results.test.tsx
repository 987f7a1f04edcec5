import { screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { renderComponent } from "../../test/render.tsx";
import { atWidth } from "../../test/viewport.ts";
import { actionsColumn, statusColumn, type TableColumn } from "./data-table.tsx";
import { ListResults } from "./list-results.tsx";

interface Clinic {
  id: number;
  name: string;
  active: boolean;
}

const clinics = (from: number, count: number): Clinic[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, name: `Clinic ${from + i}`, active: (from + i) % 2 === 0 }));

const columns: TableColumn<Clinic>[] = [
  { key: "name", label: "Name", role: "title", cell: (clinic) => clinic.name },
  statusColumn((clinic) => clinic.active),
  actionsColumn((clinic) => <button type="button">{`Modify ${clinic.name}`}</button>),
];

function query(over: Partial<Parameters<typeof ListResults<Clinic>>[0]["query"]> = {}) {
  return { isError: false, error: null, isFetching: false, refetch: () => undefined, ...over };
}

/** A server-paged list of `total` clinics, `size` a page, as a list page holds it. */
function PagedClinics({ total, size = 10, fetching = false }: { total: number; size?: number; fetching?: boolean }) {
  const [page, setPage] = useState(1);
  const first = (page - 1) * size + 1;
  const items = clinics(first, Math.max(0, Math.min(size, total - first + 1)));
  return (
    <ListResults<Clinic>
      query={query({ isFetching: fetching, data: { items, total } })}
      noun="clinics"
      errorTitle="Clinics could not be loaded"
      emptyText="No clinics match."
      tableLabel="Clinics"
      columns={columns}
      rowKey={(clinic) => clinic.id}
      page={page}
      pageSize={size}
      onPageChange={setPage}
    />
  );
}

/** A list that shows its pager only when there is more than one page. */
function OnlyPaged({ total }: { total: number }) {
  return (
    <ListResults<Clinic>
      query={query({ data: { items: clinics(1, Math.min(total, 10)), total } })}
      noun="clinics"
      errorTitle="x"
      emptyText="none"
      tableLabel="Clinic list"
      columns={columns}
      rowKey={(clinic) => clinic.id}
      pagedOnly
      page={1}
      pageSize={10}
      onPageChange={() => undefined}
    />
  );
}

describe("ListResults", () => {
  it("shows the rows in a named table with the real total under it", async () => {
    renderComponent(<PagedClinics total={23} />);
    const table = await screen.findByRole("table", { name: "Clinics" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Name", "Status", "Actions"]);
    // A header row and ten rows, the last ones drawn a frame or two after the first (useInBatches).
    await waitFor(() => expect(within(table).getAllByRole("row")).toHaveLength(11));
    expect(within(table).getByRole("row", { name: /Clinic 2\b/ })).toHaveTextContent("Active");
    expect(within(table).getByRole("row", { name: /Clinic 1\b/ })).toHaveTextContent("Inactive");
    expect(within(table).getByRole("button", { name: "Modify Clinic 7" })).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("Showing 1–10 of 23 clinics · Page 1 of 3");
  });

  it("draws the pager once every row is, so it does not move down as they arrive", async () => {
    atWidth(390);
    renderComponent(<PagedClinics total={60} size={25} />);
    const table = await screen.findByRole("table", { name: "Clinics" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    await waitFor(() => expect(table).not.toHaveAttribute("aria-busy"));
    expect(within(table).getAllByRole("row")).toHaveLength(26);
    expect(screen.getByRole("status")).toHaveTextContent("Showing 1–25 of 60 clinics · Page 1 of 3");
  });

  it("pages through the list with the pager", async () => {
    const { user } = renderComponent(<PagedClinics total={23} />);
    const pages = await screen.findByRole("navigation", { name: "Pages of clinics" });
    await user.click(within(pages).getByRole("button", { name: "Page 3" }));
    expect(screen.getByRole("status")).toHaveTextContent("Showing 21–23 of 23 clinics · Page 3 of 3");
    expect(screen.getByRole("row", { name: /Clinic 23/ })).toBeInTheDocument();
    expect(screen.queryByRole("row", { name: /Clinic 1\b/ })).not.toBeInTheDocument();
    await user.click(within(pages).getByRole("button", { name: "Previous page" }));
    expect(screen.getByRole("status")).toHaveTextContent("Showing 11–20 of 23 clinics · Page 2 of 3");
  });

  it("says so when nothing matches, and offers no pages", async () => {
    renderComponent(<PagedClinics total={0} />);
    expect(await screen.findByText("No clinics match.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("No clinics · Page 1 of 1");
    expect(screen.queryByRole("navigation", { name: "Pages of clinics" })).not.toBeInTheDocument();
  });

  it("names the loading overlay while a page loads", async () => {
    renderComponent(<PagedClinics total={5} fetching />);
    expect(await screen.findByLabelText("Loading clinics")).toBeInTheDocument();
  });

  it("shows a failed load with its retry instead of the table", async () => {
    let retried = 0;
    const { user } = renderComponent(
      <ListResults<Clinic>
        query={query({
          isError: true,
          error: new ApiError(500, "INTERNAL", "Server trouble."),
          refetch: () => retried++,
        })}
        noun="clinics"
        errorTitle="Clinics could not be loaded"
        emptyText="No clinics match."
        page={1}
        pageSize={10}
        columns={columns}
        rowKey={(clinic) => clinic.id}
        onPageChange={() => undefined}
      />,
    );
    expect(await screen.findByText("Clinics could not be loaded")).toBeInTheDocument();
    expect(screen.getByText("Server trouble.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(retried).toBe(1);
  });

  it("shows a page past the last one as the last page", async () => {
    renderComponent(
      <ListResults<Clinic>
        query={query({ data: { items: clinics(1, 3), total: 3 } })}
        noun="clinics"
        errorTitle="x"
        emptyText="none"
        columns={columns}
        rowKey={(clinic) => clinic.id}
        page={9}
        pageSize={10}
        onPageChange={() => undefined}
      />,
    );
    expect(await screen.findByRole("status")).toHaveTextContent("Showing 1–3 of 3 clinics · Page 1 of 1");
  });

  it("leaves the pager out of a one-page list when asked to, and keeps it when there are more", async () => {
    const onePage = renderComponent(<OnlyPaged total={3} />);
    expect(await screen.findByRole("table", { name: "Clinic list" })).toHaveTextContent("Clinic 3");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    onePage.unmount();
    renderComponent(<OnlyPaged total={11} />);
    expect(await screen.findByRole("status")).toHaveTextContent("Showing 1–10 of 11 clinics · Page 1 of 2");
  });

  it("puts a wide list in a named region keyboard users can focus to scroll", async () => {
    const { user } = renderComponent(
      <ListResults<Clinic>
        query={query({ data: { items: clinics(1, 2), total: 2 } })}
        noun="clinics"
        errorTitle="x"
        emptyText="none"
        tableLabel="Clinics"
        minWidth={900}
        columns={columns}
        rowKey={(clinic) => clinic.id}
        page={1}
        pageSize={10}
        onPageChange={() => undefined}
      />,
    );
    const region = await screen.findByRole("region", { name: "Clinics" });
    await user.tab();
    expect(region).toHaveFocus();
    expect(within(region).getByRole("table", { name: "Clinics" })).toHaveTextContent("Clinic 2");
  });
});
