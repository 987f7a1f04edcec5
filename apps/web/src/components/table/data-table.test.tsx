import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FIRST_BATCH } from "../../lib/in-batches.ts";
import { renderComponent } from "../../test/render.tsx";
import { atWidth } from "../../test/viewport.ts";
import { actionsColumn, DataTable, statusColumn, type TableColumn } from "./data-table.tsx";

interface Line {
  sku: string;
  name: string;
  quantity: number;
  total: string;
  active: boolean;
}

interface Totals {
  quantity: number;
  total: string;
}

const lines: Line[] = [
  { sku: "DC-1", name: "Dental Chews", quantity: 3, total: "$30.00", active: true },
  { sku: "FL-2", name: "Flea Drops", quantity: 1, total: "$12.50", active: false },
];

const columns: TableColumn<Line, Totals>[] = [
  { key: "product", label: "Product", role: "title", rowHeader: true, wrap: true, cell: (line) => line.name },
  { key: "sku", label: "SKU", cell: (line) => line.sku },
  { key: "quantity", label: "Quantity", numeric: true, cell: (line) => line.quantity, total: (t) => t.quantity },
  { key: "total", label: "Total", numeric: true, cell: (line) => line.total, total: (t) => t.total },
];

/** `count` lines, more than the first batch a table draws (lib/in-batches.ts). */
const manyLines = (count: number): Line[] =>
  Array.from({ length: count }, (_, i) => ({ ...(lines[0] as Line), sku: `SKU-${i + 1}`, name: `Product ${i + 1}` }));

/** A row's cells, the header cell that heads it included. */
const cellsOf = (row: HTMLElement) => Array.from(row.querySelectorAll<HTMLElement>("th, td"));

describe("DataTable", () => {
  it("heads the table with its columns and draws one row per item", async () => {
    renderComponent(<DataTable label="Order lines" columns={columns} rows={lines} rowKey={(line) => line.sku} />);
    const table = await screen.findByRole("table", { name: "Order lines" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((cell) => cell.textContent)).toEqual(["Product", "SKU", "Quantity", "Total"]);
    for (const header of headers) expect(header).toHaveAttribute("scope", "col");
    // A header row and two rows; the product heads its row for screen readers.
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(within(table).getByRole("rowheader", { name: "Flea Drops" })).toHaveAttribute("scope", "row");
    const chews = within(table).getByRole("row", { name: /Dental Chews/ });
    expect(cellsOf(chews).map((cell) => cell.textContent)).toEqual(["Dental Chews", "DC-1", "3", "$30.00"]);
  });

  it("is busy while a phone's long page of cards is still being drawn, and not once every card is", async () => {
    atWidth(390);
    const many = manyLines(25);
    renderComponent(<DataTable label="Order lines" columns={columns} rows={many} rowKey={(line) => line.sku} />);
    const table = await screen.findByRole("table", { name: "Order lines" });
    // A header row and the first batch; assistive technology and tests wait for aria-busy to go.
    expect(within(table).getAllByRole("row")).toHaveLength(1 + FIRST_BATCH);
    expect(table).toHaveAttribute("aria-busy", "true");
    await waitFor(() => expect(table).not.toHaveAttribute("aria-busy"));
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 25);
  });

  it("draws what follows the rows (a pager) once every row is, so it never moves down as they arrive", async () => {
    atWidth(390);
    const many = manyLines(25);
    renderComponent(
      <DataTable
        label="Order lines"
        columns={columns}
        rows={many}
        rowKey={(line) => line.sku}
        after={<nav aria-label="Pages of lines" />}
      />,
    );
    const table = await screen.findByRole("table", { name: "Order lines" });
    expect(table).toHaveAttribute("aria-busy", "true");
    expect(screen.queryByRole("navigation", { name: "Pages of lines" })).toBeNull();
    expect(await screen.findByRole("navigation", { name: "Pages of lines" })).toBeInTheDocument();
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 25);
  });

  it("draws a wide screen's rows at once, so its columns do not widen as rows arrive", async () => {
    const many = manyLines(25);
    renderComponent(<DataTable label="Order lines" columns={columns} rows={many} rowKey={(line) => line.sku} />);
    const table = await screen.findByRole("table", { name: "Order lines" });
    expect(table).not.toHaveAttribute("aria-busy");
    expect(within(table).getAllByRole("row")).toHaveLength(1 + 25);
  });

  it("is never busy with a page that fits in the first batch", async () => {
    renderComponent(<DataTable label="Order lines" columns={columns} rows={lines} rowKey={(line) => line.sku} />);
    expect(await screen.findByRole("table", { name: "Order lines" })).not.toHaveAttribute("aria-busy");
  });

  it("labels every cell with its column for the phone's cards, except the title and the actions", async () => {
    renderComponent(
      <DataTable
        label="Lines"
        columns={[...columns, actionsColumn((line: Line) => <button type="button">{`Remove ${line.name}`}</button>)]}
        rows={lines}
        rowKey={(line) => line.sku}
      />,
    );
    const row = (await screen.findByRole("table", { name: "Lines" })).querySelector("tbody tr") as HTMLElement;
    expect(cellsOf(row).map((cell) => cell.getAttribute("data-label"))).toEqual([
      null,
      "SKU",
      "Quantity",
      "Total",
      null,
    ]);
    expect(cellsOf(row).map((cell) => cell.getAttribute("data-role"))).toEqual(["title", null, null, null, "actions"]);
    // The cell's text is its value only: the label is drawn by CSS, not written into the cell.
    expect(within(row).getByRole("cell", { name: "DC-1" })).toHaveTextContent(/^DC-1$/);
    expect(within(row).getByRole("cell", { name: "$30.00" })).toHaveAttribute("data-numeric", "true");
  });

  it("names the actions column for screen readers and puts each row's buttons in it", async () => {
    const removed: string[] = [];
    const { user } = renderComponent(
      <DataTable
        label="Lines"
        columns={[
          { key: "name", label: "Product", cell: (line: Line) => line.name },
          statusColumn((line: Line) => line.active),
          actionsColumn((line: Line) => (
            <button type="button" onClick={() => removed.push(line.sku)}>{`Remove ${line.name}`}</button>
          )),
        ]}
        rows={lines}
        rowKey={(line) => line.sku}
      />,
    );
    const table = await screen.findByRole("table", { name: "Lines" });
    expect(within(table).getByRole("columnheader", { name: "Actions" })).toBeInTheDocument();
    expect(within(table).getByRole("columnheader", { name: "Status" })).toBeInTheDocument();
    const drops = within(table).getByRole("row", { name: /Flea Drops/ });
    expect(drops).toHaveTextContent("Inactive");
    expect(within(table).getByRole("row", { name: /Dental Chews/ })).toHaveTextContent("Active");
    await user.click(within(drops).getByRole("button", { name: "Remove Flea Drops" }));
    expect(removed).toEqual(["FL-2"]);
  });

  it("adds a totals row whose label spans the columns without a total", async () => {
    renderComponent(
      <DataTable
        label="Order lines"
        columns={columns}
        rows={lines}
        rowKey={(line) => line.sku}
        totals={{ quantity: 4, total: "$42.50" }}
        totalsLabel="Order total"
      />,
    );
    const table = await screen.findByRole("table", { name: "Order lines" });
    const totals = within(table).getByRole("row", { name: /Order total/ });
    const label = within(totals).getByRole("rowheader", { name: "Order total" });
    expect(label).toHaveAttribute("colspan", "2");
    expect(
      within(totals)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["4", "$42.50"]);
    expect(within(totals).getByRole("cell", { name: "$42.50" })).toHaveAttribute("data-label", "Total");
  });

  it("has no totals row without totals", async () => {
    renderComponent(<DataTable label="Order lines" columns={columns} rows={lines} rowKey={(line) => line.sku} />);
    const table = await screen.findByRole("table", { name: "Order lines" });
    expect(within(table).queryByRole("row", { name: /Totals/ })).not.toBeInTheDocument();
    expect(table.querySelector("tfoot")).toBeNull();
  });

  it("is named by its caption when it has one, and shows the caption only when asked", async () => {
    const hidden = renderComponent(
      <DataTable
        label="Unused label"
        caption="Lines of order 1042"
        columns={columns}
        rows={lines}
        rowKey={(line) => line.sku}
      />,
    );
    const table = await screen.findByRole("table", { name: "Lines of order 1042" });
    expect(table).not.toHaveAttribute("aria-label");
    expect(screen.queryByRole("table", { name: "Unused label" })).not.toBeInTheDocument();
    hidden.unmount();

    renderComponent(
      <DataTable
        label="Unused label"
        caption="Lines of order 1042"
        showCaption
        columns={columns}
        rows={lines}
        rowKey={(line) => line.sku}
      />,
    );
    expect(await screen.findByRole("table", { name: "Lines of order 1042" })).toBeInTheDocument();
    expect(screen.getByText("Lines of order 1042")).toBeVisible();
  });

  it("puts a wide table in a named region keyboard users can reach to scroll", async () => {
    const { user } = renderComponent(
      <DataTable label="Wide lines" minWidth={900} columns={columns} rows={lines} rowKey={(line) => line.sku} />,
    );
    const region = await screen.findByRole("region", { name: "Wide lines" });
    await user.tab();
    expect(region).toHaveFocus();
    expect(within(region).getByRole("table", { name: "Wide lines" })).toHaveTextContent("Flea Drops");
  });

  it("has no scroll region when the table fits", async () => {
    renderComponent(<DataTable label="Narrow" columns={columns} rows={lines} rowKey={(line) => line.sku} />);
    expect(await screen.findByRole("table", { name: "Narrow" })).toBeInTheDocument();
    expect(screen.queryByRole("region")).not.toBeInTheDocument();
  });

  it("becomes cards on a phone unless the rows are kept", async () => {
    const cards = renderComponent(
      <DataTable label="Lines" columns={columns} rows={lines} rowKey={(line) => line.sku} />,
    );
    expect(await screen.findByRole("table", { name: "Lines" })).toHaveAttribute("data-cards", "true");
    cards.unmount();
    renderComponent(<DataTable label="Tiers" rowsOnPhone columns={columns} rows={lines} rowKey={(line) => line.sku} />);
    expect(await screen.findByRole("table", { name: "Tiers" })).not.toHaveAttribute("data-cards");
  });

  it("gives a row the attributes asked for", async () => {
    renderComponent(
      <DataTable
        label="Lines"
        columns={columns}
        rows={lines}
        rowKey={(line) => line.sku}
        rowProps={(line) => ({ "aria-current": line.sku === "FL-2" ? "true" : undefined })}
      />,
    );
    const table = await screen.findByRole("table", { name: "Lines" });
    expect(within(table).getByRole("row", { name: /Flea Drops/ })).toHaveAttribute("aria-current", "true");
    expect(within(table).getByRole("row", { name: /Dental Chews/ })).not.toHaveAttribute("aria-current");
  });
});
