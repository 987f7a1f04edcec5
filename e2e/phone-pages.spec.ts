import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { PORTAL_TIME_ZONE } from "@vetportal/contract";
import { apiAsPage } from "./support/admin-helpers.ts";
import { expect, PRACTICES, signInAsAdmin, signInAsPractice, test } from "./support/fixtures.ts";
import { expectPageOk } from "./support/page-checks.ts";

/**
 * Every page whole on a phone (issue 22 §3, decision 036): at 390×844 each page of a practice and
 * of the staff shows all its text — nothing wider than the screen, nothing cut off by a box that
 * scrolls or clips — with each table row's actions on screen, and passes axe.
 * `SHOTS_DIR=/some/dir` also saves each page at 390×844 and 1366×900.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1366, height: 900 };

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });
// Two journeys of about ten pages each, every page scanned by axe.
test.describe.configure({ timeout: 240_000 });

/** The page is whole at 390 px and passes axe; with SHOTS_DIR, a screenshot at both sizes. */
async function expectWhole(page: Page, name: string): Promise<void> {
  await expectPageOk(page, name);
  const dir = process.env.SHOTS_DIR;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, `${name}-390.png`), fullPage: true });
    await page.setViewportSize(LAPTOP);
    await page.screenshot({ path: join(dir, `${name}-1366.png`), fullPage: true });
    await page.setViewportSize(PHONE);
  }
}

/** The first product of category 2100 the practice may order, and its minimum quantity. */
async function orderableProduct(page: Page): Promise<{ id: number; min: number }> {
  const list = await apiAsPage(page, "/api/product/list", { product_category_id: 2100 });
  const products = (await list.json()).data as { id: number; is_in_inventory: boolean; actual_inventory: number }[];
  const product = products.find((p) => !p.is_in_inventory || p.actual_inventory > 20);
  if (!product) throw new Error("no orderable product in category 2100");
  const detail = await apiAsPage(page, "/api/product/query", { id: product.id });
  return { id: product.id, min: ((await detail.json()).data as { min_quantity: number }).min_quantity };
}

/** An order placed and then cancelled through the API with the page's session. */
async function cancelledOrder(page: Page, product: { id: number; min: number }): Promise<number> {
  const placed = await apiAsPage(page, "/api/order/add", {
    contact_name: "Maria Lopez",
    contact_phone: "415-555-0101",
    email: "maria@happypaws.test",
    delivery_method_id: 1,
    items: [{ id: product.id, quantity: product.min }],
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const orderId = (await placed.json()).data as number;
  const cancelled = await apiAsPage(page, "/api/order/cancel", { order_id: orderId, partial: false });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  return orderId;
}

test("a practice's pages are whole at 390 px", async ({ page }) => {
  await signInAsPractice(page, PRACTICES.happyPaws);
  await expectWhole(page, "home");
  await page.goto("/category/2100");
  await expectWhole(page, "category");
  const product = await orderableProduct(page);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByRole("button", { name: "Add To Cart" })).toBeVisible();
  await expectWhole(page, "product");

  await page.getByLabel("Quantity (packs)").fill(String(product.min));
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Preview Order" })).toBeVisible();
  await expect(page.getByText(/per pack/).first()).toBeVisible();
  await expectWhole(page, "cart-preview");

  await page.getByRole("link", { name: "Check Out" }).click();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeVisible();
  await expectWhole(page, "cart-shipping");

  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order\/\d+\/1$/);
  const orderId = Number(page.url().split("/").at(-2));
  await expect(page.getByRole("table", { name: /Products in order/ })).toBeVisible();
  await expectWhole(page, "order-confirmation");

  await page.goto("/orders");
  await expect(
    page
      .getByRole("table", { name: /My Orders/ })
      .getByRole("link")
      .first(),
  ).toBeVisible();
  await expectWhole(page, "my-orders");

  await page.goto(`/order/${orderId}/2`);
  await expect(page.getByRole("table", { name: /Products in order/ })).toBeVisible();
  await expectWhole(page, "order");

  const cancelledId = await cancelledOrder(page, product);
  await page.goto(`/order/${cancelledId}/2`);
  await expect(page.getByText("Cancelled").first()).toBeVisible();
  await expectWhole(page, "order-cancelled");
});

test("the staff's pages are whole at 390 px, with each row's actions on screen", async ({ page }) => {
  await signInAsAdmin(page);
  const lists = [
    ["/userreport", "users"],
    ["/Departments/DepartmentReport", "departments"],
    ["/CostCenter/CostCenterReport", "cost-centers"],
    ["/Product/ProductReport", "products"],
  ] as const;
  for (const [path, name] of lists) {
    await page.goto(path);
    await expect(page.getByRole("table").first()).toBeVisible();
    await expectWhole(page, name);
  }
  // Departments: Status and each row's Modify and Delete are on screen, not cut off to the right.
  await page.goto("/Departments/DepartmentReport");
  const department = page.getByRole("row").nth(1);
  await expect(department.getByText(/^(Active|Inactive)$/)).toBeInViewport({ ratio: 1 });
  await expect(department.getByRole("link", { name: /^Modify/ })).toBeInViewport({ ratio: 1 });
  await expect(department.getByRole("button", { name: /^Delete/ })).toBeInViewport({ ratio: 1 });

  await page.goto("/admin/orders");
  const firstOrder = page.getByRole("table", { name: "Orders" }).getByRole("link").first();
  await expect(firstOrder).toBeVisible();
  await expectWhole(page, "order-desk");
  const deskOrderId = Number((await firstOrder.getAttribute("href"))?.split("/").at(-1));
  await firstOrder.click();
  await expect(page.getByRole("heading", { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(page.getByRole("table", { name: /Lines of order/ })).toBeVisible();
  await expectWhole(page, "desk-order");

  await page.goto("/admin/orders/import");
  const today = new Date().toLocaleDateString("en-CA", { timeZone: PORTAL_TIME_ZONE });
  const csv = [
    "Order ID,Tracking Number,Carrier,Ship Date",
    `${deskOrderId},9400100000000000000999,USPS,${today}`,
    `999999999,9400100000000000000998,USPS,${today}`,
  ].join("\n");
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "usps-export.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect(page.getByRole("table", { name: /what would happen/ })).toBeVisible();
  await expectWhole(page, "carrier-file-preview");

  await page.goto("/reports/orderreport");
  const from = page.getByLabel("Date from", { exact: true });
  await from.fill(new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10));
  await from.blur();
  await page.getByRole("form", { name: "Report filter" }).getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByTestId("report-row-count")).toHaveText(/^[\d,]+ rows?$/);
  await expectWhole(page, "order-report");

  await page.goto("/reports/orderreport?tab=inventory");
  await expect(page.getByRole("table", { name: "Inventory" })).toBeVisible();
  await expectWhole(page, "inventory");
});
