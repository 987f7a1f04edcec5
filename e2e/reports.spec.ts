import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { MESSAGES, PORTAL_TIME_ZONE, REPORT_DETAIL_PAGE_SIZE, REPORT_PAGE_SIZE } from "@vetportal/contract";
import { expectAccessiblePage, expectFitsViewport } from "./support/admin-helpers.ts";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";

// The demo data has about a thousand orders over the last fourteen months: a twelve-month range
// ending today (in the portal's time zone, as the page's defaults) always has rows.
const TODAY = new Intl.DateTimeFormat("en-CA", { timeZone: PORTAL_TIME_ZONE }).format(new Date());

function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, lastDay));
  return first.toISOString().slice(0, 10);
}

const FROM = monthsBefore(TODAY, 12);
/** As the date fields show a day: MM/DD/YYYY. */

const VIEWS = [
  { name: "Order", title: "Order summary" },
  { name: "Product", title: "Product summary" },
  { name: "User", title: "User summary" },
  { name: "Item", title: "Item summary" },
  { name: "Inventory", title: "Inventory summary" },
] as const;
type ViewName = (typeof VIEWS)[number]["name"];

const titleOf = (view: ViewName) => VIEWS.find((v) => v.name === view)?.title ?? view;

/** Picks an option of a select: the filter's are native, the inventory tab's Mantine Selects. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const select = page.getByRole("combobox", { name: label, exact: true });
  if ((await select.evaluate((element) => element.tagName)) === "SELECT") {
    await select.selectOption({ label: option });
    return;
  }
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** The report filter's Search (the header has a product Search too). */
const searchButton = (page: Page) =>
  page.getByRole("form", { name: "Report filter" }).getByRole("button", { name: "Search", exact: true });

/** A report date field (the browser's own: its value is YYYY-MM-DD, shown MM/DD/YYYY). */
const dateField = (page: Page, label: string) => page.getByLabel(label, { exact: true });
/** A day as the report's date fields show it (MM/DD/YYYY); they also take it typed as YYYY-MM-DD. */
const shown = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;

/** Puts a day into a report date field and leaves it. */
async function typeDate(page: Page, label: string, day: string): Promise<void> {
  const input = dateField(page, label);
  await input.fill(day);
  await input.blur();
}

/**
 * Does what changes the report and waits for its answer to be on screen: the previous page stays,
 * dimmed and busy, while the next one loads.
 */
async function reload(page: Page, path: string, action: () => Promise<void>): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().endsWith(path));
  await action();
  await answered;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The summary table of a view and its row count ("987 rows"). */
async function searchView(page: Page, view: ViewName): Promise<number> {
  await choose(page, "Search by", view);
  await reload(page, "/api/report/orderFrontEnd", () => searchButton(page).click());
  await expect(page.getByRole("table", { name: titleOf(view) })).toBeVisible();
  return rowCount(page);
}

async function goToPage(page: Page, number: number): Promise<void> {
  await reload(page, "/api/report/orderFrontEnd", () =>
    page
      .getByRole("navigation", { name: "Pages of rows" })
      .getByRole("button", { name: `Page ${number}` })
      .click(),
  );
  await expect(page).toHaveURL(new RegExp(`page=${number}`));
}

async function rowCount(page: Page): Promise<number> {
  const count = page.getByTestId("report-row-count");
  await expect(count).toHaveText(/^[\d,]+ rows?$/);
  return Number((await count.textContent())?.replace(/[^\d]/g, ""));
}

/** The report page with the filter set to the last twelve months. */
async function openReport(page: Page): Promise<void> {
  await page.goto("/reports/orderreport");
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Reports" })).toHaveAttribute("aria-selected", "true");
  // Nothing is searched before Search.
  await expect(page.getByText(MESSAGES.noReportData)).toBeVisible();
  await typeDate(page, "Date from", FROM);
  await expect(dateField(page, "Date from")).toHaveValue(shown(FROM));
  await expect(dateField(page, "Date to")).toHaveValue(shown(TODAY));
}

test.describe("administrator's reports", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsAdmin(page);
  });

  test("each of the five views shows a page of rows, the row count, the page count and a totals row", async ({
    page,
  }) => {
    await openReport(page);
    for (const view of VIEWS) {
      const total = await searchView(page, view.name);
      expect(total, `${view.name} rows`).toBeGreaterThan(0);
      const table = page.getByRole("table", { name: view.title });
      await expect(table.locator("tbody tr")).toHaveCount(Math.min(total, REPORT_PAGE_SIZE));
      await expect(table.locator("tfoot tr")).toHaveCount(1);
      await expect(table.locator("tfoot tr")).toContainText("Totals");
      await expect(page.getByText(`Page 1 of ${Math.ceil(total / REPORT_PAGE_SIZE)}`)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`view=${VIEWS.indexOf(view) + 1}`));
      if (view.name === "Order") {
        // The totals row counts the same orders as the row count; amounts are dollars.
        await expect(table.locator("tfoot tr")).toContainText(`Totals · ${total.toLocaleString("en-US")} orders`);
        await expect(table.locator("tfoot tr")).toContainText(/\$[\d,]+\.\d{2}/);
        await expect(table.locator("tbody tr").first()).toContainText(/\d{2}\/\d{2}\/\d{4}\s*\d{1,2}:\d{2} [AP]M PST/);
        await expectAccessiblePage(page);
      }
    }
  });

  test("the order view pages on the server, and the page survives a reload", async ({ page }) => {
    await openReport(page);
    const total = await searchView(page, "Order");
    expect(total).toBeGreaterThan(REPORT_PAGE_SIZE);
    const table = page.getByRole("table", { name: "Order summary" });
    const firstOnPage1 = await table.locator("tbody tr").first().getByRole("link").textContent();

    await goToPage(page, 2);
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / REPORT_PAGE_SIZE)}`)).toBeVisible();
    await expect(table.locator("tbody tr").first().getByRole("link")).not.toHaveText(firstOnPage1 ?? "");

    await page.reload();
    await expect(page.getByRole("table", { name: "Order summary" })).toBeVisible();
    await expect(page.getByText(`Page 2 of ${Math.ceil(total / REPORT_PAGE_SIZE)}`)).toBeVisible();
    await expect(dateField(page, "Date from")).toHaveValue(shown(FROM));
  });

  test("order summary → order detail, and back to the same page by the breadcrumb", async ({ page }) => {
    await openReport(page);
    await searchView(page, "Order");
    await goToPage(page, 2);
    const table = page.getByRole("table", { name: "Order summary" });
    const link = table.locator("tbody tr").first().getByRole("link");
    const orderId = (await link.textContent())?.trim() ?? "";
    expect(orderId).toMatch(/^\d+$/);

    await link.click();
    await expect(page).toHaveURL(new RegExp(`detail=order&order=${orderId}`));
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByText(`Order #${orderId}`)).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: `Order #${orderId}` })).toBeVisible();
    await expect(page.getByRole("table", { name: `Products in order #${orderId}` })).toBeVisible();
    await expect(page.getByText("Deliver To", { exact: true })).toBeVisible();
    await expectAccessiblePage(page);

    await breadcrumb.getByRole("link", { name: "Order summary" }).click();
    await expect(page).not.toHaveURL(/detail=/);
    await expect(page).toHaveURL(/page=2/);
    await expect(table.locator("tbody tr").first().getByRole("link")).toHaveText(orderId);
  });

  test("product summary → product detail with the same filter, and back", async ({ page }) => {
    await openReport(page);
    await searchView(page, "Product");
    const table = page.getByRole("table", { name: "Product summary" });
    const row = table.locator("tbody tr").first();
    const name = ((await row.getByRole("link").textContent()) ?? "").trim();
    // Quantity is the third column (Product, SKU, Quantity).
    const quantity = ((await row.locator("td").nth(2).textContent()) ?? "").trim();

    await row.getByRole("link").click();
    await expect(page).toHaveURL(/detail=product&product=\d+/);
    const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(breadcrumb.getByText(name, { exact: true })).toHaveAttribute("aria-current", "page");
    const detail = page.getByRole("table", { name: `Order lines of ${name}` });
    await expect(detail).toBeVisible();
    const lines = detail.locator("tbody tr");
    expect(await lines.count()).toBeGreaterThan(0);
    expect(await lines.count()).toBeLessThanOrEqual(REPORT_DETAIL_PAGE_SIZE);
    // The detail's totals add up to the summary row it came from.
    await expect(detail.locator("tfoot tr")).toContainText("Totals");
    // The label spans the columns before Quantity, the first with a total.
    await expect(detail.locator("tfoot tr td").first()).toHaveText(quantity);

    await breadcrumb.getByRole("link", { name: "Product summary" }).click();
    await expect(page).not.toHaveURL(/detail=/);
    await expect(table.locator("tbody tr").first().getByRole("link")).toHaveText(name);
  });

  test("inventory summary → one product's inventory detail, and back", async ({ page }) => {
    await openReport(page);
    await searchView(page, "Inventory");
    const table = page.getByRole("table", { name: "Inventory summary" });
    // A product that moved in the period: replenished or sold.
    const moved = table
      .locator("tbody tr")
      .filter({ has: page.locator("td:nth-child(4), td:nth-child(6)").filter({ hasNotText: /^0$/ }) })
      .first();
    const name = ((await moved.getByRole("link").textContent()) ?? "").trim();
    const ending = ((await moved.locator("td").nth(7).textContent()) ?? "").trim();

    await moved.getByRole("link").click();
    await expect(page).toHaveURL(/detail=inventory&product=\d+/);
    const detail = page.getByRole("table", { name: `Inventory movements of ${name}` });
    await expect(detail).toBeVisible();
    expect(await detail.locator("tbody tr").count()).toBeGreaterThan(0);
    // Every movement has an action, a signed quantity and the balance after it; one of the
    // balances is the summary's ending inventory.
    await expect(detail.locator("tbody tr").first().locator("td").nth(2)).toHaveText(/^([+−]?[\d,]+)$/);
    await expect(
      detail.locator("tbody td:nth-child(4)").filter({ hasText: new RegExp(`^${ending}$`) }),
    ).not.toHaveCount(0);

    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Inventory summary" }).click();
    await expect(page).not.toHaveURL(/detail=/);
    await expect(table).toBeVisible();
  });

  test("the date rule: an end before the start, or a start after the end, is refused with 'Errors!'", async ({
    page,
  }) => {
    await openReport(page);
    const dateTo = dateField(page, "Date to");
    const dateFrom = dateField(page, "Date from");

    await dateTo.fill(monthsBefore(TODAY, 13));
    const dialog = page.getByRole("dialog", { name: MESSAGES.dateRangeTitle });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(MESSAGES.dateRange)).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toBeHidden();
    await expect(dateTo).toHaveValue(shown(TODAY));

    await dateTo.fill(monthsBefore(TODAY, 1));
    await dateTo.blur();
    await expect(dateTo).toHaveValue(shown(monthsBefore(TODAY, 1)));
    await dateFrom.fill(TODAY);
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dateFrom).toHaveValue(shown(FROM));

    // The refused dates never reached the report.
    await searchButton(page).click();
    await expect(page.getByRole("table", { name: "Order summary" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`from=${FROM}&to=${monthsBefore(TODAY, 1)}`));
  });

  test("a user picked from the suggestions narrows the report to that practice", async ({ page }) => {
    await openReport(page);
    const all = await searchView(page, "Order");
    const field = page.getByRole("combobox", { name: "User", exact: true });
    await field.fill("Happy Paws");
    // The suggestions are the field's datalist, which Chromium shows itself: picking one puts its text in the field.
    const suggestion = page.locator(`datalist[id="${await field.getAttribute("list")}"] option`).first();
    await expect(suggestion).toHaveAttribute("value", new RegExp(`^${PRACTICES.happyPaws.name}`));
    await field.fill((await suggestion.getAttribute("value")) ?? "");
    await expect(page.getByText("This user only")).toBeVisible();
    await reload(page, "/api/report/orderFrontEnd", () => searchButton(page).click());
    await expect(page).toHaveURL(/user=\d+/);
    const mine = await rowCount(page);
    expect(mine).toBeGreaterThan(0);
    expect(mine).toBeLessThan(all);
    const practices = await page
      .getByRole("table", { name: "Order summary" })
      .locator("tbody tr td:nth-child(4) [data-main]")
      .allTextContents();
    expect(new Set(practices)).toEqual(new Set([PRACTICES.happyPaws.name]));
  });

  test("Export CSV downloads every row of the view as orders_{from}_{to}.csv", async ({ page }) => {
    await openReport(page);
    const total = await searchView(page, "Order");
    expect(total).toBeGreaterThan(REPORT_PAGE_SIZE);

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`orders_${FROM}_${TODAY}.csv`);
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(
      /^Order ID,Status,Created \(PT\),Practice,User,Placed by,Department,Cost Center,PO Number,Items,/,
    );
    // Every matching row, not just the page on screen.
    expect(lines.length - 1).toBe(total);
    expect(lines[1]).toMatch(/^\d+,/);
  });

  test("the Inventory tab: filters, the three-series chart for the selected products, and its CSV", async ({
    page,
  }) => {
    // Hold the report back a moment to see the chart's loading state.
    await page.route("**/api/report/inventoryFrontEnd", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await page.goto("/reports/orderreport");
    await page.getByRole("button", { name: "Reports" }).click();
    await page.getByRole("menuitem", { name: "Inventories" }).click();
    await expect(page).toHaveURL(/tab=inventory/);
    await expect(page.getByRole("tab", { name: "Inventory" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText(MESSAGES.loadingChart)).toBeVisible();

    const chart = page.getByRole("figure", { name: "Monthly replenishment and sales (packs)" });
    const legend = chart.locator(".recharts-legend-wrapper");
    await expect(legend).toBeVisible();
    for (const series of ["Replenish", "Sales", "Threshold"]) {
      await expect(legend.getByText(series, { exact: true })).toBeVisible();
    }
    await expect(page.getByText(MESSAGES.loadingChart)).toBeHidden();
    const table = page.getByRole("table", { name: "Inventory" });
    const rows = table.locator("tbody tr");
    expect(await rows.count()).toBeGreaterThan(0);
    await expect(chart).toContainText(/all \d+ products/);
    await expectAccessiblePage(page);

    // Selecting a product plots that product alone.
    const first = rows.first();
    const name = ((await first.locator("td").nth(1).textContent()) ?? "").trim();
    await first.getByRole("checkbox", { name: `Select ${name} for the chart` }).check();
    await expect(chart).toContainText("1 selected product");

    // Show SKU adds the column; the filter is in the URL.
    await page.getByRole("checkbox", { name: "Show SKU" }).click();
    await expect(page).toHaveURL(/sku=1/);
    await expect(page.getByRole("checkbox", { name: "Show SKU" })).toBeChecked();
    await expect(table.getByRole("columnheader", { name: "SKU" })).toBeVisible();
    await choose(page, "Status", "Both");
    await expect(page).toHaveURL(/stock=BOTH/);
    await expect(legend.getByText("Threshold", { exact: true })).toBeVisible();

    const exportLink = page.getByRole("link", { name: "Export CSV" });
    await expect(exportLink).toHaveAttribute("href", /^\/api\/report\/download\?code=/);
    const downloading = page.waitForEvent("download");
    await exportLink.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^inventory_.*\.csv$/);
    const csv = await readFile(await download.path(), "utf8");
    expect(csv.trim().split(/\r?\n/).length).toBeGreaterThan(1);
    // A code works once (decision 025): a second click asks for a fresh one and downloads the same file.
    const again = page.waitForEvent("download");
    await exportLink.click();
    const second = await again;
    expect(second.suggestedFilename()).toBe(download.suggestedFilename());
    expect(await readFile(await second.path(), "utf8")).toBe(csv);
  });

  test("on a phone the report and the inventory tab fit the screen; wide tables scroll", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await openReport(page);
    await searchView(page, "Order");
    await expectFitsViewport(page);
    await page.goto("/reports/orderreport?tab=inventory");
    await expect(page.getByRole("table", { name: "Inventory" })).toBeVisible();
    await expectFitsViewport(page);
  });
});

test("a practice gets Access Denied for the reports", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  await page.goto("/reports/orderreport");
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
  await expect(page.getByText(MESSAGES.forbiddenCode)).toBeVisible();
  await page.goto("/reports/orderreport?tab=inventory");
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
});
