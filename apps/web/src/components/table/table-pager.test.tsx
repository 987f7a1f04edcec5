import { screen, within } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderComponent } from "../../test/render.tsx";
import { pageCount, TablePager } from "./table-pager.tsx";

function Pager({ total, maxPages, status }: { total: number; maxPages?: number; status?: string }) {
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(25);
  return (
    <TablePager
      noun="orders"
      page={page}
      pageSize={size}
      total={total}
      onPageChange={setPage}
      pageSizes={[25, 50, 100]}
      onPageSizeChange={(next) => {
        setSize(next);
        setPage(1);
      }}
      maxPages={maxPages}
      status={status}
    />
  );
}

describe("TablePager", () => {
  it("changes the page size and counts the pages again", async () => {
    const { user } = renderComponent(<Pager total={120} />);
    expect(await screen.findByRole("status")).toHaveTextContent("Showing 1–25 of 120 orders · Page 1 of 5");
    await user.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "50");
    expect(screen.getByRole("status")).toHaveTextContent("Showing 1–50 of 120 orders · Page 1 of 3");
    const pages = screen.getByRole("navigation", { name: "Pages of orders" });
    await user.click(within(pages).getByRole("button", { name: "Next page" }));
    expect(screen.getByRole("status")).toHaveTextContent("Showing 51–100 of 120 orders · Page 2 of 3");
    expect(within(pages).getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });

  it("offers no page past the server's cap, and shows the capped count it is given", async () => {
    renderComponent(<Pager total={10_000} maxPages={4} status="Showing 1–25 of 10,000+ orders" />);
    expect(await screen.findByRole("status")).toHaveTextContent("Showing 1–25 of 10,000+ orders");
    const pages = screen.getByRole("navigation", { name: "Pages of orders" });
    expect(within(pages).getByRole("button", { name: "Page 4" })).toBeInTheDocument();
    expect(within(pages).queryByRole("button", { name: "Page 5" })).not.toBeInTheDocument();
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});
