import { describe, expect, it } from "vitest";
import {
  defaultFormValues,
  drilldownSearch,
  readAppliedFilter,
  readDrilldown,
  readPage,
  toReportFilter,
  withoutDrilldown,
  withPage,
  writeAppliedFilter,
} from "./report-params.ts";

const today = "2026-11-24";

describe("the report's filter in the URL", () => {
  it("reads nothing until a Search has put dates in the URL", () => {
    expect(readAppliedFilter(new URLSearchParams(""))).toBeNull();
    expect(readAppliedFilter(new URLSearchParams("from=2026-02-30&to=2026-03-01"))).toBeNull();
  });

  it("round-trips a filter through the URL, keeping other tabs' parameters", () => {
    const values = {
      ...defaultFormValues(today),
      search_by: 3 as const,
      date_from: "2026-11-01",
      department_id: 7,
      po_number: " PO-9 ",
      columns: ["email" as const, "phone" as const],
    };
    const url = writeAppliedFilter(new URLSearchParams("tab=inventory&page=4&detail=order&order=3"), values);
    expect(url.get("tab")).toBe("inventory");
    expect(url.get("page")).toBeNull();
    expect(url.get("detail")).toBeNull();
    expect(url.get("po")).toBe("PO-9");
    // Defaults stay out of the URL.
    expect(url.has("status")).toBe(false);
    expect(readAppliedFilter(url)).toEqual({ ...values, po_number: "PO-9" });
  });

  it("refuses a URL whose filter the contract refuses (dates the wrong way round)", () => {
    expect(readAppliedFilter(new URLSearchParams("from=2026-11-10&to=2026-11-01"))).toBeNull();
  });

  it("falls back to the summary view and ignores unknown columns and non-numbers", () => {
    const read = readAppliedFilter(
      new URLSearchParams("from=2026-11-01&to=2026-11-02&view=9&department=abc&columns=email,bogus"),
    );
    expect(read).toMatchObject({ search_by: 1, department_id: 0, columns: ["email"] });
  });

  it("sends only the optional columns the view can show, and a picked user by id alone", () => {
    const filter = toReportFilter({
      ...defaultFormValues(today),
      search_by: 4,
      columns: ["email", "tracking_number"],
      user_id: 12,
      user_text: "Maria Lopez",
    });
    expect(filter).toMatchObject({ tracking_number: 1, email: 0, user_id: 12, user_text: null });
  });
});

describe("paging and drill-downs", () => {
  it("reads a page, 1 when missing or not a positive whole number", () => {
    expect(readPage(new URLSearchParams("page=3"))).toBe(3);
    expect(readPage(new URLSearchParams("page=-2"))).toBe(1);
    expect(readPage(new URLSearchParams("page=x"))).toBe(1);
    expect(readPage(new URLSearchParams("dpage=2"), "dpage")).toBe(2);
  });

  it("writes page 1 as the bare URL", () => {
    expect(withPage(new URLSearchParams("page=3&view=2"), "page", 1).toString()).toBe("view=2");
    expect(withPage(new URLSearchParams("view=2"), "page", 2).get("page")).toBe("2");
  });

  it("opens and closes a drill-down, keeping the report's filter and page", () => {
    const report = new URLSearchParams("from=2026-11-01&to=2026-11-02&page=2");
    const search = drilldownSearch(report, { kind: "product", productId: 44, page: 3 });
    const params = new URLSearchParams(search.slice(1));
    expect(readDrilldown(params)).toEqual({ kind: "product", productId: 44, page: 3 });
    expect(withoutDrilldown(params).toString()).toBe(report.toString());
    expect(readDrilldown(new URLSearchParams("detail=order&order=0"))).toBeNull();
    expect(readDrilldown(new URLSearchParams("detail=order&order=15"))).toEqual({ kind: "order", orderId: 15 });
  });
});
