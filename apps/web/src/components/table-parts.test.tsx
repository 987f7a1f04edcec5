import { Table } from "@mantine/core";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "../test/render.tsx";
import { ScrollRegion, TableHead } from "./table-parts.tsx";

describe("table parts", () => {
  it("heads a table with its columns, as column headers", async () => {
    renderComponent(
      <ScrollRegion label="Order lines" minWidth={600}>
        <Table>
          <TableHead columns={["Product", { label: "Quantity", numeric: true }, { label: "Total", numeric: true }]} />
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Dental Chews</Table.Td>
              <Table.Td>3</Table.Td>
              <Table.Td>$30.00</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </ScrollRegion>,
    );
    const region = await screen.findByRole("region", { name: "Order lines" });
    const headers = within(region).getAllByRole("columnheader");
    expect(headers.map((cell) => cell.textContent)).toEqual(["Product", "Quantity", "Total"]);
    for (const header of headers) expect(header).toHaveAttribute("scope", "col");
    expect(within(region).getByRole("cell", { name: "$30.00" })).toBeInTheDocument();
  });

  it("lets keyboard users reach the scrolling region", async () => {
    const { user } = renderComponent(
      <ScrollRegion label="Wide table" minWidth={900}>
        <Table>
          <TableHead columns={["A"]} />
        </Table>
      </ScrollRegion>,
    );
    const region = await screen.findByRole("region", { name: "Wide table" });
    await user.tab();
    expect(region).toHaveFocus();
  });
});
